// The timed job that moves rollouts (`firmware-rollouts`), from the database alone, so a restart
// or another replica carries on where it stood. At each run, for each rollout with work:
// - before its start it waits; past its end the devices never notified time out;
// - devices notified longer than the time-out ago time out (their commands are not sent again);
// - the current stage is judged: errors (failed, timed out) above the error threshold pause or
//   stop the rollout; a finished first stage opens the second only when its successes reach the
//   success threshold (else it pauses); a finished last stage finishes the rollout;
// - otherwise the next online devices of the open stages are notified: at most the rate in any
//   minute, spread over the minute (each run notifies what the time since the last one earns).
import { FIRMWARE_INSTALL_CONDITIONS } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import type { Job } from '../../platform/jobs.ts';
import { type ObjectStorage, SIGNED_URL_MAX_SECONDS } from '../../platform/storage.ts';
import { ROLLOUT_BATCH_MAX, ROLLOUT_TICK_SECONDS } from './constants.ts';
import { firmwareById } from './repository.ts';
import {
  activeRollouts,
  endWaiting,
  nextDevices,
  notifiedSince,
  notifyDevices,
  type RolloutState_,
  setRolloutStatus,
  stageCounts,
  timeOutOverdue,
} from './rollouts.repository.ts';

/** How often a rollout with devices still updating, but none to notify, is looked at (time-outs). */
const IDLE_CHECK_MS = 30_000;

export interface RolloutJobDeps {
  database: DatabaseHandle;
  storage: ObjectStorage;
  commands: DeviceCommands;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** How many devices a run may notify: what the rate leaves in the last minute, and what the time since the last notification earns. */
export function allowance(
  rollout: Pick<RolloutState_, 'rate_per_minute' | 'last_notified_at'>,
  inLastMinute: number,
  now: Date,
): number {
  const left = rollout.rate_per_minute - inLastMinute;
  const since = rollout.last_notified_at
    ? now.getTime() - new Date(rollout.last_notified_at).getTime()
    : 60_000;
  const earned = Math.floor((rollout.rate_per_minute * Math.min(since, 60_000)) / 60_000);
  return Math.max(0, Math.min(left, Math.max(earned, 1), ROLLOUT_BATCH_MAX));
}

export function rolloutStep({ database, storage, commands, log }: RolloutJobDeps) {
  /** One rollout's step; answers when it next wants a run (undefined: nothing to do for it). */
  async function step(rollout: RolloutState_, now: Date): Promise<Date | undefined> {
    const starts = new Date(rollout.starts_at);
    const ends = new Date(rollout.ends_at);
    if (rollout.status === 'scheduled' && now < starts) return starts;
    await timeOutOverdue(database, rollout, now);
    const active = rollout.status === 'scheduled' || rollout.status === 'running';
    if (!active) return new Date(now.getTime() + IDLE_CHECK_MS);
    if (now >= ends) {
      await database.transaction(async (tx) => {
        await endWaiting(tx, rollout, 'timed-out', now);
        await setRolloutStatus(tx, rollout, { status: 'finished', reason: 'window-ended' }, [
          'scheduled',
          'running',
        ]);
      });
      return new Date(now.getTime() + IDLE_CHECK_MS);
    }
    if (rollout.status === 'scheduled')
      await setRolloutStatus(database, rollout, { status: 'running' }, ['scheduled']);
    const counts = await stageCounts(database, rollout);
    const current = counts[rollout.stage];
    if (current.total > 0 && current.errors * 100 > rollout.error_threshold * current.total) {
      const status = rollout.error_action === 'stop' ? 'stopped' : 'paused';
      await database.transaction(async (tx) => {
        await setRolloutStatus(tx, rollout, { status, reason: 'error-threshold' }, ['running', 'scheduled']);
        // Stopped: no device starts any more; paused: they wait for a resume (or the window's end).
        if (status === 'stopped') await endWaiting(tx, rollout, 'cancelled', now);
      });
      return new Date(now.getTime() + IDLE_CHECK_MS);
    }
    if (current.finished === current.total) {
      if (rollout.stage === 1 && counts[2].total > 0) {
        if (current.succeeded * 100 >= rollout.success_threshold * current.total)
          await setRolloutStatus(
            database,
            rollout,
            { status: 'running', stage: 2, reason: 'first-stage-passed' },
            ['running'],
          );
        else
          await setRolloutStatus(database, rollout, { status: 'paused', reason: 'below-success-threshold' }, [
            'running',
          ]);
        return now;
      }
      await setRolloutStatus(database, rollout, { status: 'finished', reason: 'all-finished' }, ['running']);
      return undefined;
    }
    if (current.waiting === 0) return new Date(now.getTime() + IDLE_CHECK_MS);
    const inLastMinute = await notifiedSince(database, rollout, new Date(now.getTime() - 60_000));
    const room = allowance(rollout, inLastMinute, now);
    if (room > 0) await notify(rollout, room, now);
    return new Date(now.getTime() + ROLLOUT_TICK_SECONDS * 1000);
  }

  async function notify(rollout: RolloutState_, room: number, now: Date): Promise<void> {
    const devices = await nextDevices(database, rollout, room);
    if (devices.length === 0) return;
    const firmware = await firmwareById(database, rollout.firmware_id);
    if (!firmware?.sha256 || firmware.size === null) return;
    // One address for the run's devices, alive until the last of them may still be updating.
    const deadline = new Date(now.getTime() + rollout.device_timeout_minutes * 60_000);
    const seconds = Math.min(
      SIGNED_URL_MAX_SECONDS,
      Math.ceil((Math.max(deadline.getTime(), new Date(rollout.ends_at).getTime()) - now.getTime()) / 1000) +
        3600,
    );
    const url = await storage.signedGetUrl(firmware.object_key, seconds, {
      downloadName: firmware.file_name,
    });
    const params = {
      firmware: {
        file_name: firmware.file_name,
        device_type: firmware.device_type,
        version: firmware.version,
        size: firmware.size,
        sha256: firmware.sha256,
      },
      download_url: url,
      expires_at: new Date(now.getTime() + seconds * 1000).toISOString(),
      install_when: FIRMWARE_INSTALL_CONDITIONS[0],
      deadline: deadline.toISOString(),
    };
    const notified = await database.transaction((tx) =>
      notifyDevices(
        tx,
        rollout,
        devices.map((d) => d.device_pk),
        params,
        now,
      ),
    );
    for (const devicePk of notified)
      await commands
        .sendPending(devicePk)
        .catch((error: unknown) =>
          log.warn({ err: error, device: devicePk }, 'firmware update not sent; the link sends it later'),
        );
  }

  return step;
}

export function rolloutJob(deps: RolloutJobDeps): Job {
  const step = rolloutStep(deps);
  return {
    name: 'firmware-rollouts',
    async run(_since, now) {
      let next: Date | undefined;
      for (const rollout of await activeRollouts(deps.database)) {
        const due = await step(rollout, now);
        if (due && (!next || due < next)) next = due;
      }
      return next;
    },
  };
}
