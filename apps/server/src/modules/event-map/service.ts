// The event map's rules: the caller's tenant scope (the access object) and the event list's
// filters decide which events count; the rest is the repository's aggregation.
import type { EventMap, EventMapQuery } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { eventMap } from './repository.ts';

export function eventMapService(database: DatabaseHandle) {
  return {
    map: (scope: Scoped, query: EventMapQuery): Promise<EventMap> => eventMap(database, scope, query),
  };
}
