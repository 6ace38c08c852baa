// Which columns of a list the user chose to see, kept per list in this browser. Columns not
// named yet (added later) show by default.
import { useState } from 'react';

const storageKey = (list: string) => `fleetlens.columns.${list}`;

function readHidden(list: string): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(list)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function useColumnChoice(list: string) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(list));
  const setShown = (key: string, shown: boolean) => {
    const next = shown ? hidden.filter((k) => k !== key) : [...new Set([...hidden, key])];
    setHidden(next);
    localStorage.setItem(storageKey(list), JSON.stringify(next));
  };
  const isShown = (key: string) => !hidden.includes(key);
  return { isShown, setShown };
}
