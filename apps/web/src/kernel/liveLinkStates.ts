// The states pushed by the device link (contracts DeviceLiveMessage 'device-states') go into the
// query cache: every cached record or row of a device (its `device_id`, or its `device.device_id`)
// that carries a link state takes the pushed one, so each screen that reads the data sees the push
// without a store of its own. Folded at most once a second, like the maps' positions. A push keeps
// a query's age: the rest of the record is as old as it was. The maps' vehicle lists fold
// positions and states themselves (features/maps/useLiveVehicles) and are left alone here.
import type { DeviceLiveMessage, LinkState } from '@fleetlens/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';
import { subscribeLive } from '../app/liveBus';

const FLUSH_MS = 1000;

type Pushed = ReadonlyMap<string, LinkState>;

/** Folds pushed states into the query cache until the returned function is called. */
export function followLinkStates(queryClient: QueryClient): () => void {
  let pending = new Map<string, LinkState>();
  const unsubscribe = subscribeLive((message) => {
    const m = message as DeviceLiveMessage;
    if (m.type !== 'device-states') return;
    for (const s of m.data.states)
      pending.set(s.device_id, {
        online: s.online,
        connection_changed_at: s.connection_changed_at,
        motion: s.motion,
        motion_changed_at: s.motion_changed_at,
      });
  });
  const timer = setInterval(() => {
    if (pending.size === 0) return;
    const states = pending;
    pending = new Map();
    for (const query of queryClient.getQueryCache().findAll({ predicate: followsPushes })) {
      // An invalidated query is read again when next shown; data set now would mark it fresh
      // (setQueryData clears the invalidation) and a saved change would not show.
      if (query.state.isInvalidated) continue;
      const data = query.state.data;
      const next = withLinkStates(data, states);
      if (next !== data)
        queryClient.setQueryData(query.queryKey, next, { updatedAt: query.state.dataUpdatedAt });
    }
  }, FLUSH_MS);
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}

/** Not the maps' vehicles at their last position or on a track: they follow pushes themselves. */
const followsPushes = (query: Query) =>
  !(query.queryKey[0] === 'locations' && (query.queryKey[1] === 'latest' || query.queryKey[1] === 'vehicle'));

const deviceIdOf = (o: Record<string, unknown>): string | undefined => {
  if (typeof o.device_id === 'string') return o.device_id;
  const device = o.device as { device_id?: unknown } | null | undefined;
  return typeof device?.device_id === 'string' ? device.device_id : undefined;
};

const isLinkState = (value: unknown): boolean =>
  value === null || (typeof value === 'object' && value !== null && 'online' in value);

const sameState = (a: unknown, b: LinkState): boolean => {
  const s = a as LinkState | null;
  return (
    !!s &&
    s.online === b.online &&
    s.connection_changed_at === b.connection_changed_at &&
    s.motion === b.motion &&
    s.motion_changed_at === b.motion_changed_at
  );
};

/**
 * The data with the pushed states of its devices; the same data (the same objects) where no
 * device of it was pushed, so nothing that did not change renders again.
 */
export function withLinkStates<T>(data: T, states: Pushed): T {
  if (Array.isArray(data)) {
    const next = data.map((item) => withLinkStates(item, states));
    return next.some((item, i) => item !== data[i]) ? (next as T) : data;
  }
  if (typeof data !== 'object' || data === null) return data;
  const o = data as Record<string, unknown>;
  let next: Record<string, unknown> | undefined;
  if ('state' in o && isLinkState(o.state)) {
    const id = deviceIdOf(o);
    const pushed = id === undefined ? undefined : states.get(id);
    if (pushed && !sameState(o.state, pushed)) next = { ...o, state: pushed };
  }
  for (const [key, value] of Object.entries(o)) {
    if (key === 'state') continue;
    const folded = withLinkStates(value, states);
    if (folded !== value) {
      next ??= { ...o };
      next[key] = folded;
    }
  }
  return (next ?? data) as T;
}
