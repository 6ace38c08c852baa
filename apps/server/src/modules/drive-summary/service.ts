// A drive summary (resource `drive_sum`): every interval of the period, in the caller's time
// setting, with the figures of the subject the caller sees filled in: from the figure tables
// (figures-read.repository.ts) when the period is on whole hours in a time setting of whole hours, the
// subject's hours still dirty settled first; else from raw data (repository.ts), counted alike.
import {
  type DriveSummary,
  type DriveSummaryBucket,
  type DriveSummaryQuery,
  type DriveSummarySubject,
  HARSH_EVENT_TYPES,
  offsetText,
  resolveSummaryPeriod,
  summaryBucketKeys,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { found } from '../../platform/errors.ts';
import { settleFigures, vehiclesOfOperators } from './figures.repository.ts';
import { figuresAnswer, localRanges, SETTLE_LIMIT, sumFigures } from './figures-read.repository.ts';
import { findSubject, type Subject, summarize } from './repository.ts';

const emptyFigures = () => ({ operating_seconds: 0, distance_m: 0, stops: 0, events: {}, event_count: 0 });

/** One interval's figures as both paths answer them (events: harsh ones, per type). */
interface BucketFigures {
  bucket: string;
  operating_seconds: number;
  distance_m: number;
  stops: number;
  events: Record<string, number>;
}

/** The intervals' figures from the figure tables, after the subject's dirty hours are settled. */
async function fromFigures(
  db: DatabaseHandle,
  subject: Subject,
  period: { start: number; end: number },
  q: DriveSummaryQuery,
): Promise<BucketFigures[]> {
  const kind = subject.kind === 'vehicle' || subject.kind === 'vehicleGroup' ? 'vehicle' : 'operator';
  const vehicleIds =
    kind === 'vehicle'
      ? subject.members
      : await vehiclesOfOperators(db, subject.customer_id, subject.members, new Date(period.end));
  const dirty = {
    customerId: subject.customer_id,
    vehicleIds,
    from: new Date(period.start),
    to: new Date(period.end),
  };
  if (vehicleIds.length > 0) while ((await settleFigures(db, dirty, SETTLE_LIMIT)) === SETTLE_LIMIT);
  const ranges = localRanges(period.start, period.end, q.interval, q.timesetting);
  return sumFigures(db, kind, subject.customer_id, subject.members, ranges, {
    perMember: false,
    events: HARSH_EVENT_TYPES,
  });
}

/** The intervals' figures read from raw positions and events. */
async function fromRaw(db: Queryable, subject: Subject, q: DriveSummaryQuery, start: string, end: string) {
  const { motion, events } = await summarize(db, subject, {
    start,
    end,
    interval: q.interval,
    timesetting: q.timesetting,
  });
  const rows: BucketFigures[] = motion.map((row) => ({
    bucket: row.bucket,
    operating_seconds: Number(row.operating_seconds),
    distance_m: Number(row.distance_m),
    stops: Number(row.stops),
    events: {},
  }));
  for (const row of events) {
    const into = rows.find((r) => r.bucket === row.bucket);
    const counted = { [row.type]: Number(row.count) };
    if (into) Object.assign(into.events, counted);
    else rows.push({ bucket: row.bucket, operating_seconds: 0, distance_m: 0, stops: 0, events: counted });
  }
  return rows;
}

/** The summary of a subject: every interval of the period, the database's figures filled in. */
async function driveSummary(
  db: DatabaseHandle,
  subject: Subject,
  q: DriveSummaryQuery,
  source: 'auto' | 'raw' = 'auto',
): Promise<DriveSummary> {
  const period = resolveSummaryPeriod(q);
  const start = new Date(period.start).toISOString();
  const end = new Date(period.end).toISOString();
  const offset = offsetText(q.timesetting);
  const keys = summaryBucketKeys(period.start, period.end, q.interval, q.timesetting);
  const buckets = new Map<string, DriveSummaryBucket>(
    keys.map((key) => [key, { start: `${key}${offset}`, ...emptyFigures() }]),
  );
  const totals: DriveSummary['totals'] = emptyFigures();
  const rows =
    source === 'auto' && figuresAnswer(period.start, period.end, q.timesetting)
      ? await fromFigures(db, subject, period, q)
      : await fromRaw(db, subject, q, start, end);
  for (const row of rows) {
    const bucket = buckets.get(row.bucket);
    if (!bucket) continue;
    bucket.operating_seconds += row.operating_seconds;
    bucket.distance_m += row.distance_m;
    bucket.stops += row.stops;
    totals.operating_seconds += row.operating_seconds;
    totals.distance_m += row.distance_m;
    totals.stops += row.stops;
    for (const [type, count] of Object.entries(row.events)) {
      bucket.events[type] = (bucket.events[type] ?? 0) + count;
      bucket.event_count += count;
      totals.events[type] = (totals.events[type] ?? 0) + count;
      totals.event_count += count;
    }
  }
  return {
    subject: { kind: subject.kind, id: subject.id, name: subject.name },
    start,
    end,
    interval: q.interval,
    timesetting: q.timesetting,
    members: subject.members.length,
    buckets: [...buckets.values()],
    totals,
  };
}

export function driveSummaryService(database: DatabaseHandle) {
  return {
    /** `source` raw: from raw data whatever the period (the reference the figures are tested on). */
    async of(
      scope: Scoped,
      kind: DriveSummarySubject,
      id: string,
      query: DriveSummaryQuery,
      source: 'auto' | 'raw' = 'auto',
    ) {
      const subject = found(await findSubject(database, scope, kind, id));
      return driveSummary(database, subject, query, source);
    },
  };
}
