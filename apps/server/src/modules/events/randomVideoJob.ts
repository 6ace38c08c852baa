// Random video (domain spec §3 operator settings, §9): a timed job
// (platform/jobs.ts) that starts from the database on every run, so replicas and restarts agree.
// 1. Plans each week (Monday 00:00 UTC): for every operator with random video on, as many moments
//    as their frequency per week, spread over their candidate days (shuffled), each at a random
//    time of its day (randomPlan.ts). The first plan stored is the plan, until the operator's
//    settings change: the change plans the rest of the week again (replanRandomVideo).
// 2. Films a moment that is due while its operator is signed on at a connected device whose
//    vehicle has been running for the whole window: the window is the last `duration` seconds,
//    duration = the operator's minutes, cut to the customer's random video maximum and to the
//    device's limit (3 minutes with four cameras). The moment is taken in the transaction that
//    makes the Random event (code 30) and its clips, so it is filmed once. A vehicle not yet
//    running for the whole window is looked at again when it will have been.
// 3. A moment whose day ends unfilmed is missed.
import { videoMaxSeconds } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  type DueMoment,
  dueMoments,
  insertMoments,
  missMoments,
  nextMoment,
  operatorsToPlan,
  setMomentEvent,
  takeMoment,
} from './random.repository.ts';
import { DAY_MS, planWeek, weekStartOf } from './randomPlan.ts';
import { hasOpenRequestedVideo, lockDevice } from './videos.repository.ts';
import { createRequestedVideo } from './videos.service.ts';

const BATCH = 200;

export interface RandomVideoJobDeps {
  database: DatabaseHandle;
  commands: DeviceCommands;
  log: FastifyBaseLogger;
  /** [0, 1): the plans' dice (a test fixes them). */
  random?: () => number;
  /** New events to push live. */
  created?: (ids: string[]) => void;
}

/** The seconds a random video of this moment lasts (0: the customer allows none). */
export const randomVideoSeconds = (m: Pick<DueMoment, 'minutes' | 'max_seconds' | 'cameras'>) =>
  Math.min(m.minutes * 60, m.max_seconds, videoMaxSeconds(m.cameras));

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

  /** The Random event made; or, the vehicle not yet running for the whole window, when it will have been. */
  async function film(moment: DueMoment, now: Date): Promise<string | Date | undefined> {
    const seconds = randomVideoSeconds(moment);
    const from = new Date(now.getTime() - seconds * 1000);
    const runningSince = new Date(moment.running_since);
    if (seconds > 0 && runningSince > from) return new Date(runningSince.getTime() + seconds * 1000);
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
      let runningLongEnough: Date | undefined;
      for (const moment of await dueMoments(database, now, BATCH)) {
        if (devices.has(moment.device_pk)) continue;
        try {
          const id = await film(moment, now);
          if (id instanceof Date) {
            if (!runningLongEnough || id < runningLongEnough) runningLongEnough = id;
          } else if (id) {
            filmed.push(id);
            devices.add(moment.device_pk);
          }
        } catch (error) {
          log.warn({ err: error, operator: moment.operator_id }, 'random video not asked for');
        }
      }
      for (const pk of devices) await commands.sendPending(pk);
      if (filmed.length > 0) created?.(filmed);
      // A moment due whose operator is not driving yet is looked at on the runner's next tick.
      const nextWeek = new Date(weekStartOf(now).getTime() + 7 * DAY_MS);
      const candidates = [await nextMoment(database, now), runningLongEnough, nextWeek];
      return new Date(Math.min(...candidates.filter((d) => d !== undefined).map((d) => d.getTime())));
    },
  };
}
