// Text typed into a search box, and the same text once typing pauses (trimmed): a picker searches
// the server with the settled text, not on every key.
import { useEffect, useState } from 'react';

const TYPING_PAUSE_MS = 300;

export function useSettledText(): { typed: string; setTyped: (text: string) => void; settled: string } {
  const [typed, setTyped] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, settled };
}
