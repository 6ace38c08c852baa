// Pushes of the live channel for the screens that follow them (the maps follow device positions
// and states): app/live.ts publishes every message it receives; a screen subscribes while it is
// shown. Kept apart from the socket so that a screen never opens a second one.
import type { LiveServerMessage } from '@fleetlens/contracts';

/** A pushed message: the platform's, or a feature's ({ type, data }). */
export type LiveMessage = LiveServerMessage | { type: string; data?: unknown };
type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();

export function publishLive(message: LiveMessage): void {
  for (const listener of listeners) listener(message);
}

/** Calls `listener` with every pushed message until the returned function is called. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
