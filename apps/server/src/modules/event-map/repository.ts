// The event map's SQL: one statement counts the period's matching events in the box into grid
// cells and answers the fullest cells as clusters and the events of the cells that hold few
// (EVENT_MAP_SINGLES_MAX, two) one by one, each cluster with its most severe type. The filters and the tenant scope are the event list's own (events/repository.ts
// listConditions, customersOf), so the map never shows an event the list would not.
import {
  EVENT_MAP_CELLS_MAX,
  EVENT_MAP_SINGLES_MAX,
  EVENT_TYPES_BY_SEVERITY,
  type EventMap,
  type EventMapQuery,
  eventMapCellDegrees,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { customersOf, iso, listConditions } from '../events/public.ts';

/** The statement and its parameters (the benchmark prints its plan). */
export function eventMapStatement(scope: Scoped, q: EventMapQuery) {
  const { where, typeWhere, params, at } = listConditions(q);
  const customers = customersOf(scope, q, at);
  const cell = eventMapCellDegrees(q.zoom);
  const c = `${at(cell)}::float8`;
  const conditions = [`e.customer_id = ANY(${customers})`, ...where, ...(typeWhere ? [typeWhere] : [])];
  conditions.push(`e.lat BETWEEN ${at(q.south)}::float8 AND ${at(q.north)}::float8`);
  const west = `${at(q.west)}::float8`;
  const east = `${at(q.east)}::float8`;
  // A west east of east: the box crosses the 180th meridian.
  conditions.push(
    q.west <= q.east ? `e.lng BETWEEN ${west} AND ${east}` : `(e.lng >= ${west} OR e.lng <= ${east})`,
  );
  const few = at(EVENT_MAP_SINGLES_MAX);
  const severity = `${at(EVENT_TYPES_BY_SEVERITY)}::text[]`;
  // One pass over the matching rows, grouped by cell: a cell's worst type is the least position in
  // the severity order, and a cell of at most two events names both by their row addresses (the
  // least and greatest ctid: the statement's one snapshot keeps them valid), so its events are
  // then fetched by address (a TID scan), not by a second pass over the period.
  const text = `
    WITH cells AS (
      SELECT floor(e.lng / ${c})::bigint AS cx, floor(e.lat / ${c})::bigint AS cy, count(*)::int AS n,
             avg(e.lat) AS lat, avg(e.lng) AS lng, (${severity})[min(array_position(${severity}, e.type))] AS type,
             min(e.lng) AS west, min(e.lat) AS south, max(e.lng) AS east, max(e.lat) AS north,
             min(e.ctid) AS first, max(e.ctid) AS last
        FROM device_events e
       WHERE ${conditions.join(' AND ')}
       GROUP BY 1, 2
    ), top AS (
      SELECT * FROM cells ORDER BY n DESC, cx, cy LIMIT ${at(EVENT_MAP_CELLS_MAX)}
    ), singles AS (
      SELECT DISTINCT unnest(ARRAY[first, last]) AS tid FROM top WHERE n <= ${few}::int
    )
    SELECT coalesce((SELECT sum(n) FROM cells), 0)::int AS total,
           (SELECT count(*) FROM cells)::int AS cell_count,
           coalesce((SELECT json_agg(json_build_object('lat', lat, 'lng', lng, 'count', n, 'type', type,
                       'west', west, 'south', south, 'east', east, 'north', north) ORDER BY n DESC, cx, cy)
                       FROM top WHERE n > ${few}::int), '[]') AS clusters,
           coalesce((SELECT json_agg(json_build_object('id', e.id, 'type', e.type, 'time', ${iso('e.time')},
                       'lat', e.lat, 'lng', e.lng,
                       'vehicle', CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END)
                       ORDER BY e.time DESC, e.id)
                       FROM device_events e LEFT JOIN vehicles v ON v.id = e.vehicle_id AND v.customer_id = e.customer_id
                      WHERE e.ctid = ANY(ARRAY(SELECT tid FROM singles))), '[]') AS events`;
  return { text, params, cell };
}

/**
 * The statement's settings: no JIT. A month of a large fleet is costed far above jit_above_cost,
 * and PostgreSQL then spent about 1.5 s compiling the aggregate it runs in a fraction of that
 * (docs/decisions/2026-11-26-event-list-count-and-map-jit.md); SET LOCAL keeps it to this statement.
 */
export const EVENT_MAP_SETTINGS = 'SET LOCAL jit = off';

export async function eventMap(db: DatabaseHandle, scope: Scoped, q: EventMapQuery): Promise<EventMap> {
  const { text, params, cell } = eventMapStatement(scope, q);
  const [row] = await db.transaction(async (tx) => {
    await tx.query(EVENT_MAP_SETTINGS);
    return tx.query<Omit<EventMap, 'cell' | 'truncated'> & { cell_count: number }>(text, params);
  });
  const cells = row?.cell_count ?? 0;
  return {
    total: row?.total ?? 0,
    cell,
    clusters: row?.clusters ?? [],
    events: row?.events ?? [],
    truncated: cells > EVENT_MAP_CELLS_MAX,
  };
}
