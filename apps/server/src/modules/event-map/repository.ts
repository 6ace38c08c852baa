// The event map's SQL: one statement counts the period's matching events in the box into grid
// cells and answers the fullest cells as clusters and the events of the cells that hold few one
// by one. The filters and the tenant scope are the event list's own (events/repository.ts
// listConditions, customersOf), so the map never shows an event the list would not.
import {
  EVENT_MAP_CELLS_MAX,
  EVENT_MAP_SINGLES_MAX,
  type EventMap,
  type EventMapQuery,
  eventMapCellDegrees,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { customersOf, iso, listConditions } from '../events/repository.ts';

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
  const text = `
    WITH m AS MATERIALIZED (
      SELECT e.id, e.type, e.time, e.lat, e.lng, e.vehicle_id,
             floor(e.lng / ${c})::bigint AS cx, floor(e.lat / ${c})::bigint AS cy
        FROM device_events e
       WHERE ${conditions.join(' AND ')}
    ), cells AS (
      SELECT cx, cy, count(*)::int AS n, avg(lat) AS lat, avg(lng) AS lng,
             mode() WITHIN GROUP (ORDER BY type) AS type,
             min(lng) AS west, min(lat) AS south, max(lng) AS east, max(lat) AS north
        FROM m GROUP BY cx, cy
    ), top AS (
      SELECT * FROM cells ORDER BY n DESC, cx, cy LIMIT ${at(EVENT_MAP_CELLS_MAX)}
    )
    SELECT coalesce((SELECT sum(n) FROM cells), 0)::int AS total,
           (SELECT count(*) FROM cells)::int AS cell_count,
           coalesce((SELECT json_agg(json_build_object('lat', lat, 'lng', lng, 'count', n, 'type', type,
                       'west', west, 'south', south, 'east', east, 'north', north) ORDER BY n DESC, cx, cy)
                       FROM top WHERE n > ${few}::int), '[]') AS clusters,
           coalesce((SELECT json_agg(json_build_object('id', m.id, 'type', m.type, 'time', ${iso('m.time')},
                       'lat', m.lat, 'lng', m.lng,
                       'vehicle', CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END)
                       ORDER BY m.time DESC, m.id)
                       FROM top t JOIN m ON m.cx = t.cx AND m.cy = t.cy
                       LEFT JOIN vehicles v ON v.id = m.vehicle_id
                      WHERE t.n <= ${few}::int), '[]') AS events`;
  return { text, params, cell };
}

export async function eventMap(db: Queryable, scope: Scoped, q: EventMapQuery): Promise<EventMap> {
  const { text, params, cell } = eventMapStatement(scope, q);
  const [row] = await db.query<Omit<EventMap, 'cell' | 'truncated'> & { cell_count: number }>(text, params);
  const cells = row?.cell_count ?? 0;
  return {
    total: row?.total ?? 0,
    cell,
    clusters: row?.clusters ?? [],
    events: row?.events ?? [],
    truncated: cells > EVENT_MAP_CELLS_MAX,
  };
}
