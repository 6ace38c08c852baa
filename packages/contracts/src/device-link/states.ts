// A vehicle's or device's state as the lists show it (running/stopping and online/offline,
// everywhere a vehicle is listed), the list filter on it, and the state history of a vehicle.
// A device that is offline has no motion worth showing: what it reported last may be long gone,
// so "running" and "stopping" are states of online devices only (as the maps shade them).
import { z } from 'zod';
import { trackQuerySchema } from '../locations/locations.ts';
import { type LinkState, linkStateSchema } from './linkState.ts';
import { DEVICE_MOTION_STATES } from './messages.ts';

export { type LinkState, linkStateSchema };

/** What the vehicle and device lists filter by (`state=`). */
export const LINK_STATE_FILTERS = ['running', 'stopping', 'online', 'offline'] as const;
export type LinkStateFilter = (typeof LINK_STATE_FILTERS)[number];
export const linkStateFilterSchema = z.enum(LINK_STATE_FILTERS, 'validation.invalidEnum');

/** The one displayed state: running or stopping while online, else offline; null without a report. */
export function displayedState(state: LinkState | null): 'running' | 'stopping' | 'offline' | null {
  if (!state) return null;
  if (!state.online) return 'offline';
  return state.motion === 'running' ? 'running' : 'stopping';
}

/** Since when the displayed state holds: the motion's change while online, else the disconnection. */
export function displayedSince(state: LinkState | null): string | null {
  if (!state) return null;
  if (!state.online) return state.connection_changed_at;
  const times = [state.motion_changed_at, state.connection_changed_at].filter((t): t is string => !!t);
  // Online and stopping since the later of the two: a device that came back is not "stopping" from before.
  return times.sort().at(-1) ?? null;
}

export const STATE_CHANGE_KINDS = ['connection', 'motion'] as const;

/** One change: its time, what changed and to what, and the device that reported it. */
export const stateChangeSchema = z.object({
  time: z.string(),
  kind: z.enum(STATE_CHANGE_KINDS),
  state: z.enum(['online', 'offline', ...DEVICE_MOTION_STATES]),
  device_id: z.string(),
});
export type StateChange = z.infer<typeof stateChangeSchema>;

/** GET /vehicles/{id}/state-history?start=&end= (a period of at most a week, as a track). */
export const stateHistoryQuerySchema = trackQuerySchema;

export const stateHistorySchema = z.object({
  vehicle_id: z.string(),
  start: z.string(),
  end: z.string(),
  /** The states holding at `start` (the last change before it); null when none is known. */
  at_start: z.object({
    connection: z.enum(['online', 'offline']).nullable(),
    motion: z.enum(DEVICE_MOTION_STATES).nullable(),
  }),
  /** The changes within the period, oldest first. */
  changes: z.array(stateChangeSchema),
  /** True when the period held more changes than one answer carries (the oldest are kept). */
  truncated: z.boolean(),
});
export type StateHistory = z.infer<typeof stateHistorySchema>;

/** At most this many changes in one answer. */
export const STATE_HISTORY_MAX = 5000;
