// A subject's tachograph day (series of a window, the day's totals and marks), the list page's
// subjects with their day's totals, and a subject's driving history (its days' totals). Days are
// the caller's local days (timesetting); time not yet come counts for nothing.
import {
  addDays,
  dayStartMs,
  localDateOf,
  type TachographCustomerLimits,
  type TachographDay,
  type TachographDayQuery,
  type TachographHistory,
  type TachographHistoryQuery,
  type TachographLimitsBody,
  type TachographListQuery,
  type TachographSubject,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { found } from '../../platform/errors.ts';
import { findSubject } from '../drive-summary/public.ts';
import { dayFigures, segmentsOf, seriesOf } from './day.ts';
import {
  harshEvents,
  hasOwnLimits,
  limitsOf,
  partsOf,
  type SubjectRow,
  subjectsPage,
  writeLimits,
} from './repository.ts';

const DAY_MS = 86_400_000;

/** The day's totals and marks of a subject, up to `now`. */
async function figuresOfDay(
  db: Queryable,
  kind: TachographSubject,
  subject: SubjectRow,
  start: number,
  now: number,
) {
  const end = Math.min(start + DAY_MS, now);
  const limits = await limitsOf(db, subject.customer_id);
  if (end <= start) return { limits, ...dayFigures([], [], start, start, limits) };
  const { parts } = await partsOf(db, kind, subject, start, end);
  return { limits, ...dayFigures(parts, segmentsOf(parts), start, end, limits) };
}

export function tachographService(db: DatabaseHandle, clock: () => number = Date.now) {
  const subjectOf = async (scope: Scoped, kind: TachographSubject, id: string) => {
    const { id: subjectId, name, customer_id } = found(await findSubject(db, scope, kind, id));
    return { id: subjectId, name, customer_id };
  };
  return {
    async day(
      scope: Scoped,
      kind: TachographSubject,
      id: string,
      q: TachographDayQuery,
    ): Promise<TachographDay> {
      const subject = await subjectOf(scope, kind, id);
      const now = clock();
      const date = q.date ?? localDateOf(now, q.timesetting);
      const start = dayStartMs(date, q.timesetting);
      const end = start + DAY_MS;
      const from = q.from === undefined ? start : Date.parse(q.from);
      const to = q.to === undefined ? end : Date.parse(q.to);
      const limits = q.totals ? await limitsOf(db, subject.customer_id) : null;
      // The day's totals need the whole day; the series alone, only the window.
      const read = q.totals
        ? { from: Math.min(start, from), to: Math.min(Math.max(end, to), Math.max(now, start)) }
        : { from, to: Math.min(to, Math.max(now, from)) };
      const { parts, spans } = await partsOf(db, kind, subject, read.from, read.to);
      const segments = segmentsOf(parts);
      const until = Math.min(end, now);
      const figures = !limits
        ? null
        : until > start
          ? dayFigures(parts, segments, start, until, limits)
          : dayFigures([], [], start, start, limits);
      const series = seriesOf(parts, segments, from, to, q.width);
      // What has not happened yet is not "no data": the runs stop at now.
      const activity = series.activity
        .filter((run) => run.from < now)
        .map((run) => ({ ...run, to: Math.min(run.to, now) }));
      return {
        subject: { kind, id: subject.id, name: subject.name },
        date,
        timesetting: q.timesetting,
        day: { from: start, to: end },
        window: { from, to },
        resolution: series.resolution,
        column_ms: series.column_ms,
        speed: series.speed,
        activity,
        events: await harshEvents(db, subject.customer_id, spans, from, to),
        limits,
        totals: figures?.totals ?? null,
        marks: figures?.marks ?? null,
      };
    },

    async list(scope: Scoped, q: TachographListQuery) {
      const now = clock();
      const date = q.date ?? localDateOf(now, q.timesetting);
      const start = dayStartMs(date, q.timesetting);
      const { rows, total } = await subjectsPage(db, scope, q.kind, q.filter, q.page, q.perPage);
      const list = [];
      for (const subject of rows) {
        const { totals } = await figuresOfDay(db, q.kind, subject, start, now);
        list.push({ id: subject.id, name: subject.name, date, totals });
      }
      return { list, total, page: q.page, perPage: q.perPage };
    },

    async history(
      scope: Scoped,
      kind: TachographSubject,
      id: string,
      q: TachographHistoryQuery,
    ): Promise<TachographHistory> {
      const subject = await subjectOf(scope, kind, id);
      const now = clock();
      const last = q.date ?? localDateOf(now, q.timesetting);
      const days = [];
      for (let i = 0; i < q.days; i++) {
        const date = addDays(last, -i);
        const { totals } = await figuresOfDay(db, kind, subject, dayStartMs(date, q.timesetting), now);
        days.push({ date, totals });
      }
      return {
        subject: { kind, id: subject.id, name: subject.name },
        limits: await limitsOf(db, subject.customer_id),
        days,
      };
    },

    /** A customer's limits (the defaults until it sets its own); another tenant's answers 404. */
    async limits(access: RequestAccess, customerId: string): Promise<TachographCustomerLimits> {
      access.mustSee(customerId);
      return {
        customer_id: customerId,
        ...(await limitsOf(db, customerId)),
        is_default: !(await hasOwnLimits(db, customerId)),
      };
    },

    /** Sets a customer's limits, audited with the limits before and after. */
    async setLimits(access: RequestAccess, customerId: string, body: TachographLimitsBody) {
      access.mustSee(customerId);
      const { userId, username } = access.principal;
      await db.transaction(async (tx) => {
        const before = (await hasOwnLimits(tx, customerId)) ? await limitsOf(tx, customerId) : null;
        await writeLimits(tx, customerId, body, userId);
        const after = await limitsOf(tx, customerId);
        await recordAudit(tx, {
          actor: { userId, username },
          customerId,
          entity: 'tachograph_limits',
          entityId: customerId,
          action: before ? 'update' : 'create',
          before,
          after,
        });
      });
      return this.limits(access, customerId);
    },
  };
}
