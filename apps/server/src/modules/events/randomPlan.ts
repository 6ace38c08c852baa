// Planning random video moments (domain spec §3 operator settings; randomVideoJob.ts films them).
// A week is planned once by the job (planWeek from Monday); a change of an operator's settings
// plans the rest of the week again at once (replanRandomVideo, in the change's transaction): the
// moments not yet taken are dropped, the clips already filmed this week count against the new
// frequency, and the others fall at random times of the candidate days left. Switching random
// video on makes the first of them due at once when today is a candidate day, so the manager sees
// the settings at work on the operator's next drive today rather than some day next week; the
// operator cannot tell when a manager switches it on, so the clip is no less a random one.
import type { Queryable } from '../../db/client.ts';
import {
  deleteOpenMoments,
  insertMoments,
  type Moment,
  operatorRandomVideo,
  weekSoFar,
} from './random.repository.ts';

export const DAY_MS = 86_400_000;
const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** Monday 00:00 UTC of the week of `t`. */
export function weekStartOf(t: Date): Date {
  const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  return new Date(day - ((t.getUTCDay() + 6) % 7) * DAY_MS);
}

export interface PlannedOperator {
  id: string;
  customer_id: string;
  days: string[];
  per_week: number;
}

export interface PlanOptions {
  /** Plan from here on (a day already over gets no moment; today's fall after it). The week's start unless said. */
  after?: Date;
  /** Moments to plan: the frequency unless said. */
  count?: number;
  /** The first slot number (slots of moments kept this week come before). */
  firstSlot?: number;
  /** The first moment is due at `after` when its day is a candidate. */
  firstNow?: boolean;
}

/**
 * Moments for one operator in the week of `weekStart`: `count` of them over the candidate days
 * (shuffled) that end after `after`, each at a random time of its day after `after`.
 */
export function planWeek(
  operator: PlannedOperator,
  weekStart: Date,
  random: () => number,
  { after = weekStart, count = operator.per_week, firstSlot = 0, firstNow = false }: PlanOptions = {},
): Moment[] {
  const today = weekStart.getTime() + Math.floor((after.getTime() - weekStart.getTime()) / DAY_MS) * DAY_MS;
  const days = operator.days
    .map((d) => WEEK_DAYS.indexOf(d))
    .filter((i) => i >= 0)
    .map((i) => weekStart.getTime() + i * DAY_MS)
    .filter((from) => from + DAY_MS > after.getTime())
    .map((from) => ({ from, random: random() }))
    .sort((a, b) => a.random - b.random)
    .map((d) => d.from);
  const now = firstNow && days.includes(today);
  if (now) days.sort((a, b) => Number(b === today) - Number(a === today));
  const moments: Moment[] = [];
  for (let n = 0; n < count && days.length > 0; n += 1) {
    const day = days[n % days.length] as number;
    const from = Math.max(day, after.getTime());
    const untilAt = new Date(day + DAY_MS);
    const dueAt =
      now && n === 0 ? new Date(after) : new Date(from + Math.floor(random() * (day + DAY_MS - from)));
    moments.push({
      operatorId: operator.id,
      customerId: operator.customer_id,
      weekStart,
      slot: firstSlot + n,
      dueAt,
      untilAt,
    });
  }
  return moments;
}

/**
 * Plans the rest of this week again after a change of the operator's random video settings, in the
 * change's transaction. `switchedOn`: random video was off before the change.
 */
export async function replanRandomVideo(
  tx: Queryable,
  operatorId: string,
  switchedOn: boolean,
  now = new Date(),
  random: () => number = Math.random,
): Promise<void> {
  const weekStart = weekStartOf(now);
  await deleteOpenMoments(tx, operatorId, weekStart);
  const operator = await operatorRandomVideo(tx, operatorId);
  if (!operator?.enabled) return;
  const { filmed, lastSlot } = await weekSoFar(tx, operatorId, weekStart);
  await insertMoments(
    tx,
    planWeek(operator, weekStart, random, {
      after: now,
      count: Math.max(0, operator.per_week - filmed),
      firstSlot: lastSlot + 1,
      firstNow: switchedOn,
    }),
  );
}
