// The events' SQL: the list (built for tens of millions of rows: every filter is a condition an
// index of 0019_events_and_clips.sql starts with, the order is (time, id), and paging is keyset or
// a bounded offset), one event, the reviewer's changes, deletion, and the views.
import {
  type DeviceEventSample,
  EVENT_COUNT_MAX,
  EVENT_TYPE_CODES,
  type EventDto,
  type EventFilters,
  type EventListQuery,
  type EventUpdate,
  type EventViewer,
  resolveEventPeriod,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { personName } from '../../platform/rows.repository.ts';

/** An instant as UTC ISO 8601 text, as every answer gives times. */
export const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Codes 23 and 30 answer the wall-clock start chosen, unconverted (contracts EVENT_TYPE_CODES). */
const UNCONVERTED_TYPES = Object.entries(EVENT_TYPE_CODES)
  .filter(([, code]) => code === 23 || code === 30)
  .map(([type]) => `'${type}'`)
  .join(', ');

const TYPE_CODE = `CASE e.type ${Object.entries(EVENT_TYPE_CODES)
  .map(([type, code]) => `WHEN '${type}' THEN ${code}`)
  .join(' ')} END`;

const EVENT_COLUMNS = `e.id, e.type, ${TYPE_CODE} AS type_code, ${iso('e.time')} AS time, ${iso('e.received_at')} AS received_at,
  CASE WHEN e.type IN (${UNCONVERTED_TYPES}) AND e.video_start_local IS NOT NULL
       THEN to_char(e.video_start_local, 'YYYY-MM-DD HH24:MI:SS') ELSE ${iso('e.video_start_at')} END AS video_start_at,
  json_build_object('id', c.id, 'name', c.name) AS customer,
  json_build_object('id', e.device_pk, 'device_id', coalesce(d.device_id, ''), 'device_type', coalesce(d.device_type, '')) AS device,
  CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name, 'maintenance_mode', v.maintenance_mode) END AS vehicle,
  CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'name', o.first_name || ' ' || o.last_name) END AS operator,
  e.rfid, e.lat, e.lng, e.speed::numeric::float8 AS speed, e.direction::numeric::float8 AS direction,
  e.gx::numeric::float8 AS gx, e.gy::numeric::float8 AS gy, e.gz::numeric::float8 AS gz,
  e.roll::numeric::float8 AS roll, e.pitch::numeric::float8 AS pitch, e.yaw::numeric::float8 AS yaw,
  e.cameras::int AS cameras, e.camera_ids, e.video_status::int AS video_status, e.tag, e.comment, e.excluded,
  e.do_not_delete, e.review_state, e.view_count, e.details AS zone_breach,
  (SELECT count(DISTINCT w.user_id)::int FROM event_views w WHERE w.event_id = e.id AND w.customer_id = e.customer_id) AS viewer_count`;

const EVENT_FROM = `device_events e
  JOIN customers c ON c.id = e.customer_id
  LEFT JOIN devices d ON d.id = e.device_pk AND d.customer_id = e.customer_id
  LEFT JOIN vehicles v ON v.id = e.vehicle_id AND v.customer_id = e.customer_id
  LEFT JOIN operators o ON o.id = e.operator_id AND o.customer_id = e.customer_id`;

/**
 * The conditions of a list besides the customer: the customer goes separately, as the one value
 * each per-customer index scan takes (below). Parameters are numbered from $1. The event map
 * (modules/event-map) takes the same filters through it.
 */
export function listConditions(q: EventFilters) {
  const params: unknown[] = [];
  const at = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  const { start, end } = resolveEventPeriod(q);
  where.push(`e.time >= ${at(new Date(start).toISOString())}::timestamptz`);
  where.push(`e.time < ${at(new Date(end).toISOString())}::timestamptz`);
  if (q.vehicle_id) where.push(`e.vehicle_id = ${at(q.vehicle_id)}::uuid`);
  if (q.vehicle_group_id)
    where.push(`e.vehicle_id IN (SELECT id FROM vehicles WHERE group_id = ${at(q.vehicle_group_id)}::uuid)`);
  if (q.operator_id) where.push(`e.operator_id = ${at(q.operator_id)}::uuid`);
  // Apart: the list over several types puts one type in each branch instead (listEvents).
  const types = q.type ? [...new Set(q.type)] : undefined;
  const typesAt = types ? `${at(types)}::text[]` : undefined;
  const typeWhere = typesAt ? `e.type = ANY(${typesAt})` : undefined;
  if (q.tag) where.push(`e.tag = ANY(${at(q.tag)}::text[])`);
  if (q.video_status) where.push(`e.video_status = ANY(${at(q.video_status)}::smallint[])`);
  if (q.review_state) where.push(`e.review_state = ANY(${at(q.review_state)}::text[])`);
  if (q.excluded !== undefined) where.push(`e.excluded = ${at(q.excluded)}::boolean`);
  return { where, typeWhere, typesAt, params, at, types };
}

/** The customers listed: the one asked for (if visible), else every visible one (SQL, a uuid[]). */
export function customersOf(
  scope: Scoped,
  q: { customer_id?: string | undefined },
  at: (value: unknown) => string,
): string {
  if (q.customer_id)
    return scope.customerIds === null || scope.customerIds.includes(q.customer_id)
      ? `${at([q.customer_id])}::uuid[]`
      : `'{}'::uuid[]`;
  return scope.customerIds === null ? 'ARRAY(SELECT id FROM customers)' : `${at(scope.customerIds)}::uuid[]`;
}

export async function listEvents(
  db: Queryable,
  scope: Scoped,
  q: EventListQuery,
): Promise<{ list: EventDto[]; total: number; total_exact: boolean }> {
  const { where, typeWhere, typesAt, params, at, types } = listConditions(q);
  const perType = types !== undefined && types.length > 1;
  const counted = typeWhere ? [...where, typeWhere] : where;
  const customers = customersOf(scope, q, at);
  // One index scan per customer (per customer and type with two or more), each already in order
  // and cut at the page's end, then merged: "customer_id = ANY(...)" over one index would read
  // every row of the period and sort them. Two or more types go one scan per (customer, type) over
  // (customer_id, type, time, id) of migration 0024: "type = ANY(...)" cannot walk it in time
  // order across types. The types are distinct (listConditions), so no row comes from two branches.
  const branches = perType
    ? `unnest(${customers}) AS s(customer_id) CROSS JOIN unnest(${typesAt}) AS t(type)`
    : `unnest(${customers}) AS s(customer_id)`;
  const branch = perType
    ? 'e.customer_id = s.customer_id AND e.type = t.type'
    : 'e.customer_id = s.customer_id';
  const page = perType ? [...where] : [...counted];
  // Counted up to a bound (the list then says "more than"), over the page's own scans before its
  // cursor: an exact count of millions of rows costs more than the page itself.
  // It runs beside the page (a pool gives each its own connection; a single connection queues
  // them): the answer then costs the slower of the two, not their sum. Its parameters are copied
  // before the page's cursor adds its own.
  const bound = EVENT_COUNT_MAX + 1;
  const counting = db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM ${branches}
       CROSS JOIN LATERAL (SELECT 1 FROM device_events e WHERE ${branch} AND ${page.join(' AND ')} LIMIT ${bound}) e
       LIMIT ${bound}
     ) t`,
    [...params],
  );
  const desc = (q.order ?? 'desc') === 'desc';
  let offset = (q.page - 1) * q.perPage;
  if (q.cursor) {
    const [millis, id] = q.cursor.split('_');
    page.push(
      `(e.time, e.id) ${desc ? '<' : '>'} (${at(new Date(Number(millis)).toISOString())}::timestamptz, ${at(id)}::uuid)`,
    );
    offset = 0;
  }
  const direction = desc ? 'DESC' : 'ASC';
  const order = `ORDER BY e.time ${direction}, e.id ${direction}`;
  const listing = db.query<EventDto>(
    `SELECT ${EVENT_COLUMNS} FROM (
       SELECT e.* FROM ${branches}
       CROSS JOIN LATERAL (
         SELECT e.* FROM device_events e WHERE ${branch} AND ${page.join(' AND ')}
         ${order} LIMIT ${at(q.perPage + offset)}
       ) e
       ${order} LIMIT ${at(q.perPage)} OFFSET ${at(offset)}
     ) e JOIN customers c ON c.id = e.customer_id
       LEFT JOIN devices d ON d.id = e.device_pk AND d.customer_id = e.customer_id
       LEFT JOIN vehicles v ON v.id = e.vehicle_id AND v.customer_id = e.customer_id
       LEFT JOIN operators o ON o.id = e.operator_id AND o.customer_id = e.customer_id
     ${order}`,
    params,
  );
  const [[count], list] = await Promise.all([counting, listing]);
  return { list, ...boundedTotal(count?.n ?? 0) };
}

/** A list's total as answered: counted up to EVENT_COUNT_MAX, and whether that is all. */
export const boundedTotal = (n: number) => ({
  total: Math.min(n, EVENT_COUNT_MAX),
  total_exact: n <= EVENT_COUNT_MAX,
});

export async function findEvent(db: Queryable, scope: Scoped, id: string): Promise<EventDto | undefined> {
  const [row] = await db.query<EventDto>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = $2 AND ${scope.inScope('e.customer_id', 1)}`,
    [scope.customerIds, id],
  );
  return row;
}

/** Events by id for the server's own work (live pushes), whoever may see them. */
export async function eventsByIds(db: Queryable, ids: string[]): Promise<EventDto[]> {
  if (ids.length === 0) return [];
  return db.query<EventDto>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = ANY($1::uuid[]) ORDER BY e.time`,
    [ids],
  );
}

/**
 * Applies the reviewer's changes to an event the caller has found. An exclusion given here is by
 * hand: a reopening no longer clears it (event-reviews/repository.ts).
 */
export async function updateEvent(db: Queryable, id: string, body: EventUpdate): Promise<void> {
  await db.query(
    `UPDATE device_events SET
       tag = coalesce($2, tag),
       comment = coalesce($3, comment),
       excluded = coalesce($4, excluded),
       excluded_by_review = CASE WHEN $4::boolean IS NULL THEN excluded_by_review ELSE false END,
       do_not_delete = coalesce($5, do_not_delete)
     WHERE id = $1`,
    [id, body.tag ?? null, body.comment ?? null, body.excluded ?? null, body.do_not_delete ?? null],
  );
}

/**
 * Deletes an event unless it is restricted (do-not-delete), in one statement so that a flag set
 * meanwhile is respected; answers its clips' object keys and open commands, or why not.
 */
export async function deleteEvent(
  db: Queryable,
  id: string,
): Promise<{ keys: string[]; commands: string[] } | 'restricted' | 'notFound'> {
  const clips = await db.query<{ object_key: string; command_id: string | null; purged: boolean }>(
    `SELECT object_key, command_id, purged_at IS NOT NULL AS purged FROM event_clips WHERE event_id = $1`,
    [id],
  );
  const [row] = await db.query<{ do_not_delete: boolean; deleted: boolean }>(
    `WITH target AS (SELECT id, do_not_delete FROM device_events WHERE id = $1 FOR UPDATE),
          gone AS (DELETE FROM device_events WHERE id IN (SELECT id FROM target WHERE NOT do_not_delete) RETURNING id)
     SELECT t.do_not_delete, EXISTS (SELECT 1 FROM gone) AS deleted FROM target t`,
    [id],
  );
  if (!row) return 'notFound';
  if (!row.deleted) return 'restricted';
  return {
    keys: clips.filter((c) => !c.purged).map((c) => c.object_key),
    commands: clips.flatMap((c) => (c.command_id ? [c.command_id] : [])),
  };
}

/** Records who opened the event or took a clip's address; opening counts as a view. */
export async function insertView(
  db: Queryable,
  view: { eventId: string; customerId: string; userId: string; kind: EventViewer['kind']; clipId?: string },
): Promise<void> {
  await db.query(
    `WITH who AS (SELECT ${personName('u')} AS name FROM users u WHERE u.id = $3)
     INSERT INTO event_views (event_id, customer_id, user_id, user_name, kind, clip_id)
     SELECT $1, $2, $3, coalesce((SELECT name FROM who), ''), $4, $5`,
    [view.eventId, view.customerId, view.userId, view.kind, view.clipId ?? null],
  );
  if (view.kind === 'view')
    await db.query('UPDATE device_events SET view_count = view_count + 1 WHERE id = $1', [view.eventId]);
}

/** The sensor readings the device sent around the event, in time order (none: []). */
export async function findEventSamples(db: Queryable, eventId: string): Promise<DeviceEventSample[]> {
  const [row] = await db.query<{ samples: DeviceEventSample[] }>(
    'SELECT samples FROM device_event_samples WHERE event_id = $1',
    [eventId],
  );
  return row?.samples ?? [];
}

export async function listViewers(db: Queryable, eventId: string): Promise<EventViewer[]> {
  return db.query<EventViewer>(
    `SELECT user_id, user_name AS name, kind, ${iso('at')} AS at FROM event_views
      WHERE event_id = $1 ORDER BY at DESC, id DESC LIMIT 100`,
    [eventId],
  );
}
