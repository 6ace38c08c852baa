// Random video (domain spec §3 operator settings, §9; issue 13 point 5): a timed job
// (platform/jobs.ts) that starts from the database on every run, so replicas and restarts agree.
// 1. Plans each week (Monday 00:00 UTC): for every operator with random video on, as many moments
//    as their frequency per week, spread over their candidate days (shuffled), each at a random
//    time of its day. The first plan stored is the plan.
// 2. Films a moment that is due while its operator is signed on at a connected device whose
//    vehicle has been running for the whole window: the window is the last `duration` seconds,
//    duration = the operator's minutes, cut to the customer's random video maximum and to the
//    device's limit (3 minutes with four cameras). The moment is taken in the transaction that
//    makes the Random event (code 30) and its clips, so it is filmed once.
// 3. A moment whose day ends unfilmed is missed.
import { videoMaxSeconds } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';
import type { CommandDispatcher } from '../device-link/commands.ts';
import {
  type DueMoment,
  dueMoments,
  insertMoments,
  type Moment,
  missMoments,
  nextMoment,
  operatorsToPlan,
  setMomentEvent,
  takeMoment,
} from './random.repository.ts';
import { hasOpenRequestedVideo, lockDevice } from './videos.repository.ts';
import { createRequestedVideo } from './videos.service.ts';

const DAY_MS = 86_400_000;
const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const BATCH = 200;

export interface RandomVideoJobDeps {
  database: DatabaseHandle;
  commands: CommandDispatcher;
  log: FastifyBaseLogger;
  /** [0, 1): the plans' dice (a test fixes them). */
  random?: () => number;
  /** New events to push live. */
  created?: (ids: string[]) => void;
}

/** Monday 00:00 UTC of the week of `t`. */
export function weekStartOf(t: Date): Date {
  const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  return new Date(day - ((t.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The seconds a random video of this moment lasts (0: the customer allows none). */
export const randomVideoSeconds = (m: Pick<DueMoment, 'minutes' | 'max_seconds' | 'cameras'>) =>
  Math.min(m.minutes * 60, m.max_seconds, videoMaxSeconds(m.cameras));

/**
 * A week's moments for one operator: `per_week` of them over the candidate days. Days already over
 * (a plan made mid-week) are planned too and missed at once, so the operator is planned once a week.
 */
export function planWeek(
  operator: { id: string; customer_id: string; days: string[]; per_week: number },
  weekStart: Date,
  random: () => number,
): Moment[] {
  const days = operator.days
    .map((d) => WEEK_DAYS.indexOf(d))
    .filter((i) => i >= 0)
    .map((i) => ({ from: weekStart.getTime() + i * DAY_MS, random: random() }))
    .sort((a, b) => a.random - b.random)
    .map((d) => d.from);
  const moments: Moment[] = [];
  for (let slot = 0; slot < operator.per_week && days.length > 0; slot += 1) {
    const from = days[slot % days.length] as number;
    const untilAt = new Date(from + DAY_MS);
    const dueAt = new Date(from + Math.floor(random() * DAY_MS));
    moments.push({
      operatorId: operator.id,
      customerId: operator.customer_id,
      weekStart,
      slot,
      dueAt,
      untilAt,
    });
  }
  return moments;
}

export function randomVideoJob({
  database,
  commands,
  log,
  random = Math.random,
  created,
}: RandomVideoJobDeps): Job {
  async function plan(now: Date): Promise<void> {
    const weekStart = weekStartOf(now);
    for (;;) {
      const operators = await operatorsToPlan(database, weekStart, BATCH);
      await insertMoments(
        database,
        operators.flatMap((o) => planWeek(o, weekStart, random)),
      );
      if (operators.length < BATCH) return;
    }
  }

  async function film(moment: DueMoment, now: Date): Promise<string | undefined> {
    const seconds = randomVideoSeconds(moment);
    const from = new Date(now.getTime() - seconds * 1000);
    // Not yet driving for the whole window: the next run looks again.
    if (seconds > 0 && new Date(moment.running_since) > from) return undefined;
    return database.transaction(async (tx) => {
      await lockDevice(tx, moment.device_pk);
      // The device is busy with another asked-for video: this moment waits its turn.
      if (seconds > 0 && (await hasOpenRequestedVideo(tx, moment.device_pk))) return undefined;
      if (!(await takeMoment(tx, moment, now))) return undefined;
      if (seconds <= 0) return undefined;
      const id = await createRequestedVideo(
        tx,
        {
          type: 'Random',
          devicePk: moment.device_pk,
          customerId: moment.customer_id,
          vehicleId: moment.vehicle_id,
          start: from,
          // No company has a time zone yet: the wall clock is UTC's.
          startLocal: from.toISOString().slice(0, 19).replace('T', ' '),
          cameras: moment.cameras,
          cameraIds: moment.camera_ids,
          requestedBy: null,
          operatorId: moment.operator_id,
        },
        now,
        true,
      );
      await setMomentEvent(tx, moment, id);
      return id;
    });
  }

  return {
    name: 'random-video',
    async run(_since, now) {
      await plan(now);
      await missMoments(database, now);
      const filmed: string[] = [];
      const devices = new Set<string>();
      for (const moment of await dueMoments(database, now, BATCH)) {
        if (devices.has(moment.device_pk)) continue;
        try {
          const id = await film(moment, now);
          if (id) {
            filmed.push(id);
            devices.add(moment.device_pk);
          }
        } catch (error) {
          log.warn({ err: error, operator: moment.operator_id }, 'random video not asked for');
        }
      }
      for (const pk of devices) await commands.sendPending(pk);
      if (filmed.length > 0) created?.(filmed);
      const next = await nextMoment(database, now);
      const nextWeek = new Date(weekStartOf(now).getTime() + 7 * DAY_MS);
      return next && next < nextWeek ? next : nextWeek;
    },
  };
}
