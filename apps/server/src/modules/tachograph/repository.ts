// The tachograph's reads: a subject's parts of a period (positions and motion reports, the device
// link's tables, 0010 and 0012), the harsh events of a window with their clips, the customer's
// limits (0060), and the subjects of a list page. The subject is found in the caller's scope
// (drive-summary's findSubject); every later read stays inside the subject's customer.
import {
  HARSH_EVENT_TYPES,
  MAX_POSITION_GAP_S,
  TACHOGRAPH_DEFAULT_LIMITS,
  type TachographLimits,
  type TachographSubject,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import type { Part } from './day.ts';

const GAP = `make_interval(secs => ${MAX_POSITION_GAP_S})`;

export interface SubjectRow {
  id: string;
  name: string;
  customer_id: string;
}

/** A vehicle's positions and motion reports over [from, to) (read a gap wider, so edge segments stay whole). */
async function vehiclePart(
  db: Queryable,
  customerId: string,
  vehicleId: string,
  from: Date,
  to: Date,
): Promise<Part> {
  const samples = await db.query<{ time: number; speed: number }>(
    `SELECT (extract(epoch FROM time) * 1000)::float8 AS time, speed::float8 AS speed
       FROM device_positions
      WHERE vehicle_id = $1 AND customer_id = $2 AND time >= $3::timestamptz - ${GAP} AND time < $4::timestamptz + ${GAP}
      ORDER BY time`,
    [vehicleId, customerId, from, to],
  );
  const motions = await db.query<{ time: number; running: boolean }>(
    `(SELECT (extract(epoch FROM time) * 1000)::float8 AS time, state = 'running' AS running
        FROM device_state_changes
       WHERE vehicle_id = $1 AND customer_id = $2 AND kind = 'motion' AND time < $3::timestamptz - ${GAP}
       ORDER BY time DESC, id DESC LIMIT 1)
     UNION ALL
     (SELECT (extract(epoch FROM time) * 1000)::float8, state = 'running'
        FROM device_state_changes
       WHERE vehicle_id = $1 AND customer_id = $2 AND kind = 'motion'
         AND time >= $3::timestamptz - ${GAP} AND time < $4::timestamptz + ${GAP})
     ORDER BY 1`,
    [vehicleId, customerId, from, to],
  );
  return {
    samples: samples.map(numbers),
    motions: motions.map((m) => ({ time: Number(m.time), running: m.running })),
  };
}

const numbers = (s: { time: number; speed: number }) => ({ time: Number(s.time), speed: Number(s.speed) });

/**
 * An operator's signed-on spans over [from, to): from a sign-on until the vehicle's next sign-on
 * or sign-off (as the drive summaries' OPERATOR_SPANS), cut to the period.
 */
async function operatorSpans(db: Queryable, customerId: string, operatorId: string, from: Date, to: Date) {
  return db.query<{ vehicle_id: string; from_time: Date; to_time: Date }>(
    `WITH ons AS (
       SELECT s.vehicle_id, s.operator_id, s.action, s.time,
              lead(s.time) OVER (PARTITION BY s.vehicle_id ORDER BY s.time, s.id) AS next_time
         FROM operator_sign_ons s
        WHERE s.customer_id = $1 AND s.time < $4::timestamptz AND s.vehicle_id IS NOT NULL
          AND s.vehicle_id IN (SELECT o.vehicle_id FROM operator_sign_ons o
                                WHERE o.customer_id = $1 AND o.operator_id = $2 AND o.time < $4::timestamptz))
     SELECT vehicle_id, greatest(time, $3::timestamptz) AS from_time,
            least(coalesce(next_time, 'infinity'), $4::timestamptz) AS to_time
       FROM ons
      WHERE operator_id = $2 AND action = 'sign-on' AND coalesce(next_time, 'infinity') > $3::timestamptz
      ORDER BY from_time`,
    [customerId, operatorId, from, to],
  );
}

export interface Parts {
  parts: Part[];
  /** The vehicles and times the events are read from. */
  spans: { vehicleId: string; from: number; to: number }[];
}

/** A subject's parts of [from, to): the vehicle's day, or each of the operator's signed-on spans. */
export async function partsOf(
  db: Queryable,
  kind: TachographSubject,
  subject: SubjectRow,
  from: number,
  to: number,
): Promise<Parts> {
  if (kind === 'vehicle') {
    const part = await vehiclePart(db, subject.customer_id, subject.id, new Date(from), new Date(to));
    return { parts: [part], spans: [{ vehicleId: subject.id, from, to }] };
  }
  const spans = await operatorSpans(db, subject.customer_id, subject.id, new Date(from), new Date(to));
  const result: Parts = { parts: [], spans: [] };
  for (const span of spans) {
    const start = new Date(span.from_time).getTime();
    const end = new Date(span.to_time).getTime();
    const part = await vehiclePart(db, subject.customer_id, span.vehicle_id, new Date(start), new Date(end));
    // Only the span's own positions: the vehicle before and after belongs to others.
    part.samples = part.samples.filter((s) => s.time >= start && s.time < end);
    result.parts.push(part);
    result.spans.push({ vehicleId: span.vehicle_id, from: start, to: end });
  }
  return result;
}

/** The harsh events of the spans inside [from, to), with how many clips each has. */
export async function harshEvents(
  db: Queryable,
  customerId: string,
  spans: Parts['spans'],
  from: number,
  to: number,
) {
  if (spans.length === 0) return [];
  const rows = await db.query<{ id: string; time: number; type: string; speed: number; clips: number }>(
    `SELECT e.id, (extract(epoch FROM e.time) * 1000)::float8 AS time, e.type, e.speed::float8 AS speed,
            (SELECT count(*)::int FROM event_clips c WHERE c.event_id = e.id AND c.customer_id = e.customer_id) AS clips
       FROM unnest($2::uuid[], $3::float8[], $4::float8[]) AS s(vehicle_id, from_ms, to_ms)
       JOIN device_events e ON e.customer_id = $1 AND e.vehicle_id = s.vehicle_id
        AND e.time >= to_timestamp(greatest(s.from_ms, $5) / 1000) AND e.time < to_timestamp(least(s.to_ms, $6) / 1000)
      WHERE e.type = ANY($7::text[])
      ORDER BY e.time, e.id`,
    [
      customerId,
      spans.map((s) => s.vehicleId),
      spans.map((s) => s.from),
      spans.map((s) => s.to),
      from,
      to,
      [...HARSH_EVENT_TYPES],
    ],
  );
  return rows.map((r) => ({ ...r, time: Number(r.time), speed: Number(r.speed), clips: Number(r.clips) }));
}

/** The customer's limits, the defaults where it has set none. */
export async function limitsOf(db: Queryable, customerId: string): Promise<TachographLimits> {
  const [row] = await db.query<TachographLimits>(
    `SELECT speed_limit_kmh::float8 AS speed_limit_kmh, max_continuous_driving_minutes, min_break_minutes
       FROM tachograph_limits WHERE customer_id = $1`,
    [customerId],
  );
  return row
    ? {
        speed_limit_kmh: Number(row.speed_limit_kmh),
        max_continuous_driving_minutes: Number(row.max_continuous_driving_minutes),
        min_break_minutes: Number(row.min_break_minutes),
      }
    : { ...TACHOGRAPH_DEFAULT_LIMITS };
}

const LIST_SQL: Record<TachographSubject, string> = {
  vehicle: `SELECT s.id, s.name, s.customer_id, count(*) OVER ()::int AS total FROM vehicles s
             WHERE ${'$$SCOPE$$'} AND ($2::text IS NULL OR s.name ILIKE '%' || $2 || '%')
             ORDER BY s.name, s.id LIMIT $3 OFFSET $4`,
  operator: `SELECT s.id, s.first_name || ' ' || s.last_name AS name, s.customer_id, count(*) OVER ()::int AS total
               FROM operators s
              WHERE ${'$$SCOPE$$'} AND ($2::text IS NULL OR (s.first_name || ' ' || s.last_name || ' ' || s.operator_code) ILIKE '%' || $2 || '%')
              ORDER BY s.first_name, s.last_name, s.id LIMIT $3 OFFSET $4`,
};

/** A page of the vehicles or operators the caller sees, by name, with how many match. */
export async function subjectsPage(
  db: Queryable,
  scope: Scoped,
  kind: TachographSubject,
  filter: string | undefined,
  page: number,
  perPage: number,
): Promise<{ rows: SubjectRow[]; total: number }> {
  const rows = await db.query<SubjectRow & { total: number }>(
    LIST_SQL[kind].replace('$$SCOPE$$', scope.inScope('s.customer_id', 1)),
    [scope.customerIds, filter?.trim() ? filter.trim() : null, perPage, (page - 1) * perPage],
  );
  return {
    rows: rows.map(({ id, name, customer_id }) => ({ id, name, customer_id })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** Sets a customer's limits (creating its row), answering them before and after. */
export async function writeLimits(
  db: Queryable,
  customerId: string,
  limits: TachographLimits,
  userId: string,
) {
  await db.query(
    `INSERT INTO tachograph_limits (customer_id, speed_limit_kmh, max_continuous_driving_minutes, min_break_minutes, updated_by)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id) DO UPDATE SET speed_limit_kmh = excluded.speed_limit_kmh,
       max_continuous_driving_minutes = excluded.max_continuous_driving_minutes,
       min_break_minutes = excluded.min_break_minutes, updated_by = excluded.updated_by, updated_at = now()`,
    [
      customerId,
      limits.speed_limit_kmh,
      limits.max_continuous_driving_minutes,
      limits.min_break_minutes,
      userId,
    ],
  );
}

/** Whether the customer has set its own limits. */
export async function hasOwnLimits(db: Queryable, customerId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM tachograph_limits WHERE customer_id = $1', [customerId]);
  return rows.length > 0;
}
