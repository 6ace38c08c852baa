// New events announced to the modules that act on them (integrations' webhooks), on the replica
// where they were stored: a listener hears each new event once, not once per replica (the live
// push is the browsers' channel, across replicas). Kept per app (its hub), so test apps in one
// process never hear each other.
import type { LiveHub } from '../../platform/live.ts';

export type EventsCreatedListener = (eventIds: string[]) => Promise<void>;

const listeners = new WeakMap<LiveHub, EventsCreatedListener[]>();

/** Calls `listener` with the ids of the events stored from now on (the app of `hub`). */
export function onEventsCreated(hub: LiveHub, listener: EventsCreatedListener): void {
  listeners.set(hub, [...(listeners.get(hub) ?? []), listener]);
}

/** Tells every listener of this app about new events; the first failure is thrown after all ran. */
export async function announceEventsCreated(hub: LiveHub, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const outcomes = await Promise.allSettled((listeners.get(hub) ?? []).map((listen) => listen(eventIds)));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
