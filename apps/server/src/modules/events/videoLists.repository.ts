// The SQL of the video screens: what the asked-for videos' list adds to an event list page (who
// asked, the window, each clip's state), and the video history (event_views: who opened, played
// or downloaded which video when), read per customer by (customer_id, at, id) of migration 0027.
import {
  type ClipFailure,
  EVENT_COUNT_MAX,
  type EventVideoState,
  eventVideoState,
  REQUESTED_VIDEO_TYPES,
  resolveEventPeriod,
  type VideoHistoryEntry,
  type VideoHistoryQuery,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { boundedTotal, customersOf } from './repository.ts';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const USER_NAME = (u: string) =>
  `coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username)`;

export interface RequestedVideoExtras {
  id: string;
  requested_by: { id: string; name: string } | null;
  window_from: string | null;
  window_to: string | null;
  event_video_state: EventVideoState | null;
  clips: {
    id: string;
    camera: number;
    video_status: number;
    event_video_state: EventVideoState | null;
    recreatable: boolean;
  }[];
}

interface ExtrasRow {
  id: string;
  requested_by: { id: string; name: string } | null;
  window_from: string | null;
  window_to: string | null;
  clips: { id: string; camera: number; video_status: number; failure: ClipFailure | null }[];
}

/** Who asked for each of these events, their window and their clips' states (events already in scope). */
export async function requestedVideoExtras(db: Queryable, ids: string[]): Promise<RequestedVideoExtras[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<ExtrasRow>(
    `SELECT e.id,
            CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', ${USER_NAME('u')}) END AS requested_by,
            (SELECT ${iso('min(k.window_from)')} FROM event_clips k WHERE k.event_id = e.id AND k.customer_id = e.customer_id) AS window_from,
            (SELECT ${iso('max(k.window_to)')} FROM event_clips k WHERE k.event_id = e.id AND k.customer_id = e.customer_id) AS window_to,
            coalesce((SELECT json_agg(json_build_object('id', k.id, 'camera', k.camera, 'video_status', k.status,
                                                        'failure', k.failure) ORDER BY k.camera)
                        FROM event_clips k WHERE k.event_id = e.id AND k.customer_id = e.customer_id), '[]') AS clips
       FROM device_events e LEFT JOIN users u ON u.id = e.requested_by
      WHERE e.id = ANY($1::uuid[])`,
    [ids],
  );
  return rows.map((row) => {
    const clips = row.clips.map(({ failure, ...clip }) => ({
      ...clip,
      event_video_state: eventVideoState(clip.video_status, failure),
      recreatable: failure !== null,
    }));
    const states = clips.map((c) => c.event_video_state);
    return {
      ...row,
      clips,
      event_video_state: states.includes('being-created')
        ? 'being-created'
        : (states.find((s) => s !== null) ?? null),
    };
  });
}

/** Whether the event (in scope) is an asked-for video. */
export async function isRequestedVideo(db: Queryable, scope: Scoped, id: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM device_events e WHERE e.id = $2 AND e.type = ANY($3::text[]) AND ${scope.inScope('e.customer_id', 1)}`,
    [scope.customerIds, id, [...REQUESTED_VIDEO_TYPES]],
  );
  return rows.length > 0;
}

/**
 * The video history's page, newest first, and its count up to EVENT_COUNT_MAX. One index scan
 * per visible customer, each cut at the page's end, then merged (as the event list reads).
 */
export async function listVideoHistory(
  db: Queryable,
  scope: Scoped,
  q: VideoHistoryQuery,
): Promise<{ list: VideoHistoryEntry[]; total: number; total_exact: boolean }> {
  const params: unknown[] = [];
  const at = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { start, end } = resolveEventPeriod(q);
  const where = [
    `w.at >= ${at(new Date(start).toISOString())}::timestamptz`,
    `w.at < ${at(new Date(end).toISOString())}::timestamptz`,
  ];
  if (q.kind) where.push(`w.kind = ANY(${at(q.kind)}::text[])`);
  if (q.vehicle_id)
    where.push(
      `EXISTS (SELECT 1 FROM device_events x WHERE x.id = w.event_id AND x.customer_id = w.customer_id AND x.vehicle_id = ${at(q.vehicle_id)}::uuid)`,
    );
  if (q.requested)
    where.push(
      `EXISTS (SELECT 1 FROM device_events x WHERE x.id = w.event_id AND x.customer_id = w.customer_id AND x.type = ANY(${at([...REQUESTED_VIDEO_TYPES])}::text[]))`,
    );
  const customers = customersOf(scope, q, at);
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM event_views w
      WHERE w.customer_id = ANY(${customers}) AND ${where.join(' AND ')} LIMIT ${EVENT_COUNT_MAX + 1}) t`,
    params,
  );
  const offset = (q.page - 1) * q.perPage;
  const order = 'ORDER BY w.at DESC, w.id DESC';
  const list = await db.query<VideoHistoryEntry>(
    `SELECT w.id::text AS id, ${iso('w.at')} AS at, w.kind,
            json_build_object('id', w.user_id, 'name', w.user_name) AS user,
            json_build_object('id', c.id, 'name', c.name) AS customer,
            json_build_object('id', e.id, 'type', e.type, 'time', ${iso('e.time')}) AS event,
            CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name, 'maintenance_mode', v.maintenance_mode) END AS vehicle,
            CASE WHEN k.id IS NULL THEN NULL
                 ELSE json_build_object('id', k.id, 'camera', k.camera, 'file_name', regexp_replace(k.object_key, '^.*/', '')) END AS clip
       FROM (
         SELECT w.* FROM unnest(${customers}) AS s(customer_id)
         CROSS JOIN LATERAL (
           SELECT w.* FROM event_views w WHERE w.customer_id = s.customer_id AND ${where.join(' AND ')}
           ${order} LIMIT ${at(q.perPage + offset)}
         ) w
         ${order} LIMIT ${at(q.perPage)} OFFSET ${at(offset)}
       ) w
       JOIN device_events e ON e.id = w.event_id AND e.customer_id = w.customer_id
       JOIN customers c ON c.id = w.customer_id
       LEFT JOIN vehicles v ON v.id = e.vehicle_id AND v.customer_id = e.customer_id
       LEFT JOIN event_clips k ON k.id = w.clip_id AND k.customer_id = w.customer_id
      ${order}`,
    params,
  );
  return { list, ...boundedTotal(count?.n ?? 0) };
}
