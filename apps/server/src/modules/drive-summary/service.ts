// A drive summary (resource `drive_sum`): every interval of the period, in the caller's time
// setting, with the database's figures of the subject the caller sees filled in.
import {
  type DriveSummary,
  type DriveSummaryBucket,
  type DriveSummaryQuery,
  type DriveSummarySubject,
  offsetText,
  resolveSummaryPeriod,
  summaryBucketKeys,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { found } from '../../platform/errors.ts';
import { findSubject, type Subject, summarize } from './repository.ts';

const emptyFigures = () => ({ operating_seconds: 0, distance_m: 0, stops: 0, events: {}, event_count: 0 });

/** The summary of a subject: every interval of the period, the database's figures filled in. */
async function driveSummary(db: Queryable, subject: Subject, q: DriveSummaryQuery): Promise<DriveSummary> {
  const period = resolveSummaryPeriod(q);
  const start = new Date(period.start).toISOString();
  const end = new Date(period.end).toISOString();
  const offset = offsetText(q.timesetting);
  const buckets = new Map<string, DriveSummaryBucket>(
    summaryBucketKeys(period.start, period.end, q.interval, q.timesetting).map((key) => [
      key,
      { start: `${key}${offset}`, ...emptyFigures() },
    ]),
  );
  const totals: DriveSummary['totals'] = emptyFigures();
  const { motion, events } = await summarize(db, subject, {
    start,
    end,
    interval: q.interval,
    timesetting: q.timesetting,
  });
  for (const row of motion) {
    const bucket = buckets.get(row.bucket);
    if (!bucket) continue;
    bucket.operating_seconds = Number(row.operating_seconds);
    bucket.distance_m = Number(row.distance_m);
    bucket.stops = Number(row.stops);
    totals.operating_seconds += bucket.operating_seconds;
    totals.distance_m += bucket.distance_m;
    totals.stops += bucket.stops;
  }
  for (const row of events) {
    const bucket = buckets.get(row.bucket);
    if (!bucket) continue;
    const count = Number(row.count);
    bucket.events[row.type] = count;
    bucket.event_count += count;
    totals.events[row.type] = (totals.events[row.type] ?? 0) + count;
    totals.event_count += count;
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
    async of(scope: Scoped, kind: DriveSummarySubject, id: string, query: DriveSummaryQuery) {
      const subject = found(await findSubject(database, scope, kind, id));
      return driveSummary(database, subject, query);
    },
  };
}
