// Driving scores in the database. A score needs two figures per subject and interval: the seconds
// driven and the events counted. `scoreFigures` is the one place that reads them: from the
// precomputed figures in bulk (drive-summary/figures-read.repository.ts), one read per customer
// for every subject (a group's are its members'), the subjects' dirty hours settled first when
// they are few. Counted events are harsh (HARSH_EVENT_TYPES), not excluded (an exclusion by hand,
// or a dismissal in review, which excludes the event); an operator's are those of the time they
// were signed on at the vehicle. In a time setting of part of an hour (+05:30), whose local hours
// the hour figures cannot split, the seconds come from each subject's drive summary read from raw
// data and the events from device_events (the operator's card signed on). The events a customer
// chooses to count as well (its score settings: zone breaches) are not in the precomputed figures
// (those hold the devices' own types); they are few, and counted from device_events for the
// subjects of the customers that count them. Every read is scoped by the caller's customers.
import {
  type DriveSummaryInterval,
  type DriveSummarySubject,
  HARSH_EVENT_TYPES,
  type ScoreEvent,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern } from '../../platform/lists.ts';
import { iso } from '../../platform/rows.repository.ts';
import {
  driveSummaryService,
  figuresAnswer,
  localRanges,
  settleSubjects,
  sumFiguresOf,
} from '../drive-summary/public.ts';
import { optionalTypesOf } from './settings.repository.ts';

export interface ScoreSubject {
  id: string;
  name: string;
  customer_id: string;
  customer_name: string;
}

const SUBJECT_FROM: Record<DriveSummarySubject, { table: string; name: string }> = {
  vehicle: { table: 'vehicles', name: 's.name' },
  vehicleGroup: { table: 'vehicle_groups', name: 's.name' },
  operator: { table: 'operators', name: "s.first_name || ' ' || s.last_name" },
  operatorGroup: { table: 'operator_groups', name: 's.name' },
};

/** The subjects of a kind the caller sees, by name; narrowed to a customer, a name or one id. */
export async function subjectsOf(
  db: Queryable,
  scope: Scoped,
  kind: DriveSummarySubject,
  narrow: { customer_id?: string | undefined; filter?: string | undefined; id?: string | undefined } = {},
): Promise<ScoreSubject[]> {
  const { table, name } = SUBJECT_FROM[kind];
  return db.query<ScoreSubject>(
    `SELECT s.id, ${name} AS name, s.customer_id, c.name AS customer_name
       FROM ${table} s JOIN customers c ON c.id = s.customer_id
      WHERE ${scope.inScope('s.customer_id', 1)}
        AND ($2::uuid IS NULL OR s.customer_id = $2)
        AND ($3::text IS NULL OR lower(${name}) LIKE $3)
        AND ($4::uuid IS NULL OR s.id = $4)
      ORDER BY lower(${name}), s.id`,
    [scope.customerIds, narrow.customer_id ?? null, likePattern(narrow.filter), narrow.id ?? null],
  );
}

export interface FigurePeriod {
  /** UTC ISO 8601, end exclusive. */
  start: string;
  end: string;
  interval: DriveSummaryInterval;
  /** minutes east of UTC */
  timesetting: number;
}

export interface IntervalFigures {
  driving_seconds: number;
  events: Record<string, number>;
}

/** Per subject id, per interval (its local start 'YYYY-MM-DDTHH:MM:SS'): seconds driven, counted events per type. */
export type SubjectFigures = Map<string, Map<string, IntervalFigures>>;

/** The subject each counted event belongs to, and the join that finds it. */
const EVENT_SUBJECT: Record<DriveSummarySubject, { column: string; join: string }> = {
  vehicle: { column: 'e.vehicle_id', join: '' },
  operator: { column: 'e.operator_id', join: '' },
  vehicleGroup: {
    column: 'v.group_id',
    join: 'JOIN vehicles v ON v.id = e.vehicle_id AND v.customer_id = e.customer_id',
  },
  operatorGroup: {
    column: 'o.group_id',
    join: 'JOIN operators o ON o.id = e.operator_id AND o.customer_id = e.customer_id',
  },
};

/** The events a score counts, reading their types as parameter `$n` (not excluded, not dismissed). */
const counted = (n: number) =>
  `e.type = ANY($${n}::text[]) AND NOT e.excluded AND e.review_state <> 'dismissed'`;

/** Each subject's members: itself, or the vehicles or operators of a group (in the caller's scope). */
async function membersOf(
  db: Queryable,
  scope: Scoped,
  kind: DriveSummarySubject,
  subjects: readonly ScoreSubject[],
): Promise<{ id: string; customer_id: string; subject: string }[]> {
  if (kind === 'vehicle' || kind === 'operator')
    return subjects.map((s) => ({ id: s.id, customer_id: s.customer_id, subject: s.id }));
  const table = kind === 'vehicleGroup' ? 'vehicles' : 'operators';
  return db.query(
    `SELECT m.id, m.customer_id, m.group_id AS subject FROM ${table} m
      WHERE m.group_id = ANY($1::uuid[]) AND ${scope.inScope('m.customer_id', 2)}`,
    [subjects.map((s) => s.id), scope.customerIds],
  );
}

/** A read of the seconds driven and counted events of each subject over the period, per interval. */
type ScoreFiguresRead = (
  db: DatabaseHandle,
  scope: Scoped,
  kind: DriveSummarySubject,
  subjects: readonly ScoreSubject[],
  period: FigurePeriod,
) => Promise<SubjectFigures>;

/**
 * Seconds driven and counted events of each subject over the period, per interval: the harsh
 * events, and those its customer chooses to count as well.
 */
export const scoreFigures: ScoreFiguresRead = async (db, scope, kind, subjects, period) => {
  const figures = await harshFigures(db, scope, kind, subjects, period);
  const counting = await optionalTypesOf(
    db,
    subjects.map((s) => s.customer_id),
  );
  const byTypes = new Map<string, ScoreSubject[]>();
  for (const subject of subjects) {
    const types = counting.get(subject.customer_id);
    if (types) byTypes.set(types.join(','), [...(byTypes.get(types.join(',')) ?? []), subject]);
  }
  for (const [types, counted] of byTypes)
    await addEventCounts(db, scope, kind, counted, period, types.split(','), figures);
  return figures;
};

/** The seconds driven and harsh events of each subject over the period, per interval. */
const harshFigures: ScoreFiguresRead = async (db, scope, kind, subjects, period) => {
  const start = Date.parse(period.start);
  const end = Date.parse(period.end);
  if (!figuresAnswer(start, end, period.timesetting))
    return scoreFiguresFromRaw(db, scope, kind, subjects, period);
  const figures: SubjectFigures = new Map(subjects.map((s) => [s.id, new Map()]));
  const members = await membersOf(db, scope, kind, subjects);
  if (members.length === 0) return figures;
  const subjectOf = new Map(members.map((m) => [m.id, m.subject]));
  const figureKind = kind === 'vehicle' || kind === 'vehicleGroup' ? 'vehicle' : 'operator';
  await settleSubjects(db, figureKind, members, new Date(start), new Date(end));
  const rows = await sumFiguresOf(
    db,
    figureKind,
    members,
    localRanges(start, end, period.interval, period.timesetting),
    { events: HARSH_EVENT_TYPES },
  );
  for (const row of rows) {
    const intervals = figures.get(subjectOf.get(row.member) ?? '');
    if (!intervals) continue;
    const one = intervals.get(row.bucket) ?? { driving_seconds: 0, events: {} };
    one.driving_seconds += row.operating_seconds;
    for (const [type, n] of Object.entries(row.events)) {
      const counted = n - (row.excluded_events[type] ?? 0);
      if (counted > 0) one.events[type] = (one.events[type] ?? 0) + counted;
    }
    if (one.driving_seconds > 0 || Object.keys(one.events).length > 0) intervals.set(row.bucket, one);
  }
  return figures;
};

/** scoreFigures from raw data, one subject's drive summary at a time (time settings of part of an hour). */
const scoreFiguresFromRaw: ScoreFiguresRead = async (db, scope, kind, subjects, period) => {
  const figures: SubjectFigures = new Map(subjects.map((s) => [s.id, new Map()]));
  const at = (subject: string, bucket: string) => {
    const intervals = figures.get(subject);
    let one = intervals?.get(bucket);
    if (intervals && !one) {
      one = { driving_seconds: 0, events: {} };
      intervals.set(bucket, one);
    }
    return one;
  };
  if (subjects.length === 0) return figures;

  const summaries = driveSummaryService(db);
  for (const subject of subjects) {
    const summary = await summaries.of(scope, kind, subject.id, period);
    for (const bucket of summary.buckets) {
      if (bucket.operating_seconds === 0) continue;
      const one = at(subject.id, bucket.start.slice(0, 19));
      if (one) one.driving_seconds = bucket.operating_seconds;
    }
  }

  await addEventCounts(db, scope, kind, subjects, period, HARSH_EVENT_TYPES, figures);
  return figures;
};

/**
 * Adds to `figures` each subject's counted events of `types` over the period, per interval (its
 * local start, as the figures key them).
 */
async function addEventCounts(
  db: Queryable,
  scope: Scoped,
  kind: DriveSummarySubject,
  subjects: readonly ScoreSubject[],
  period: FigurePeriod,
  types: readonly string[],
  figures: SubjectFigures,
): Promise<void> {
  if (subjects.length === 0 || types.length === 0) return;
  const { column, join } = EVENT_SUBJECT[kind];
  const rows = await db.query<{ subject: string; bucket: string; type: string; count: number }>(
    `SELECT ${column} AS subject,
            to_char(date_trunc($5::text, (e.time AT TIME ZONE 'UTC') + make_interval(mins => $6::int)),
                    'YYYY-MM-DD"T"HH24:MI:SS') AS bucket,
            e.type, count(*)::int AS count
       FROM device_events e ${join}
      WHERE ${column} = ANY($1::uuid[]) AND ${scope.inScope('e.customer_id', 2)}
        AND e.time >= $3::timestamptz AND e.time < $4::timestamptz AND ${counted(7)}
      GROUP BY 1, 2, 3`,
    [
      subjects.map((s) => s.id),
      scope.customerIds,
      period.start,
      period.end,
      period.interval,
      period.timesetting,
      [...types],
    ],
  );
  for (const row of rows) {
    const intervals = figures.get(row.subject);
    if (!intervals) continue;
    const one = intervals.get(row.bucket) ?? { driving_seconds: 0, events: {} };
    one.events[row.type] = (one.events[row.type] ?? 0) + Number(row.count);
    intervals.set(row.bucket, one);
  }
}

/** The newest counted events of an operator in the period (`types`: those its customer counts), with their vehicle. */
export async function countedEventsOf(
  db: Queryable,
  operator: ScoreSubject,
  period: Pick<FigurePeriod, 'start' | 'end'>,
  limit: number,
  types: readonly string[],
): Promise<ScoreEvent[]> {
  const rows = await db.query<{
    id: string;
    time: Date | string;
    type: string;
    review_state: ScoreEvent['review_state'];
    vehicle_id: string | null;
    vehicle_name: string | null;
  }>(
    `SELECT e.id, e.time, e.type, e.review_state, v.id AS vehicle_id, v.name AS vehicle_name
       FROM device_events e
       LEFT JOIN vehicles v ON v.id = e.vehicle_id AND v.customer_id = e.customer_id
      WHERE e.operator_id = $1 AND e.customer_id = $2
        AND e.time >= $3::timestamptz AND e.time < $4::timestamptz AND ${counted(5)}
      ORDER BY e.time DESC, e.id DESC
      LIMIT $6`,
    [operator.id, operator.customer_id, period.start, period.end, [...types], limit],
  );
  return rows.map((r) => ({
    id: r.id,
    time: iso(r.time) ?? '',
    type: r.type,
    review_state: r.review_state,
    vehicle: r.vehicle_id ? { id: r.vehicle_id, name: r.vehicle_name ?? '' } : null,
  }));
}
