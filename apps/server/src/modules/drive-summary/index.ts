// Drive summaries (resource `drive_sum`): a vehicle's, a vehicle group's, an operator's and an
// operator group's operating time, distance, stops and harsh events per interval (hour, day, week,
// month) between start and end, in the caller's time setting. The API paths follow the screens'
// objects; who may call each is the screen's rule (contracts routeRoles), what they see is their
// tenant scope (platform/tenancy.ts).
import {
  type DriveSummary,
  type DriveSummaryBucket,
  type DriveSummaryQuery,
  type DriveSummarySubject,
  driveSummaryQuerySchema,
  driveSummarySchema,
  offsetText,
  resolveSummaryPeriod,
  routeRoles,
  summaryBucketKeys,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { principalOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { found } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { visibleCustomerIds } from '../../platform/tenancy.ts';
import { findSubject, type Subject, summarize } from './repository.ts';

const idParams = z.object({ id: z.uuid() });

const ROUTES: { path: string; kind: DriveSummarySubject; screen: string; what: string }[] = [
  {
    path: '/vehicles/:id/drive-summary',
    kind: 'vehicle',
    screen: 'vehicleDriveSummary',
    what: "A vehicle's",
  },
  {
    path: '/vehicle-groups/:id/drive-summary',
    kind: 'vehicleGroup',
    screen: 'groupDriveSummary',
    what: "A vehicle group's",
  },
  {
    path: '/operators/:id/drive-summary',
    kind: 'operator',
    screen: 'operatorDriveSummary',
    what: "An operator's",
  },
  {
    path: '/operator-groups/:id/drive-summary',
    kind: 'operatorGroup',
    screen: 'operatorGroupDriveSummary',
    what: "An operator group's",
  },
];

const emptyFigures = () => ({ operating_seconds: 0, distance_m: 0, stops: 0, events: {}, event_count: 0 });

/** The summary of a subject: every interval of the period, the database's figures filled in. */
export async function driveSummary(
  db: Queryable,
  subject: Subject,
  q: DriveSummaryQuery,
): Promise<DriveSummary> {
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

export async function registerDriveSummary(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['drive-summary'];

  for (const { path, kind, screen, what } of ROUTES) {
    routes.get(
      path,
      {
        preValidation: access({ roles: routeRoles(screen) }),
        schema: {
          tags,
          summary: `${what} operating time, distance, stops and harsh events per interval (default: today by hour)`,
          params: idParams,
          querystring: driveSummaryQuerySchema,
          response: { 200: envelope(driveSummarySchema) },
        },
      },
      async (request) => {
        const scope = await visibleCustomerIds(database, principalOf(request));
        const subject = found(await findSubject(database, scope, kind, request.params.id));
        return ok(await driveSummary(database, subject, request.query));
      },
    );
  }
}
