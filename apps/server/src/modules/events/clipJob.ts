// The clips' timed job (platform/jobs.ts): everything starts again from the database, so a restart
// or another replica loses nothing. Each run
// 1. asks for the clips of events whose window has passed: one video-upload command per camera
//    (CLIP_SECONDS_BEFORE to CLIP_SECONDS_AFTER around the event), queued while the device is away;
// 2. checks what the devices answered: a completed upload is accepted from its one-time address
//    (platform/uploads.ts: kept under a key of its own, its SHA-256 recorded) and must be MP4 with
//    H.264 (mp4.ts), else the clip is "conversion failed" and the object is removed; a failed one
//    is "no video" (no recording of that window) or "creation error";
// 3. times out clips sent CLIP_TIMEOUT_SECONDS ago without an answer;
// 4. deletes clips older than VIDEO_RETENTION_DAYS unless their event is do-not-delete, and
//    forgets expired upload addresses with what a late PUT left at them.
// The ingestion wakes it when events or acknowledgements arrive, the dispatcher when commands go out.
import {
  CLIP_SECONDS_AFTER,
  CLIP_SECONDS_BEFORE,
  clipFileName,
  recordingTimeFromUrl,
  redactAddresses,
  VIDEO_STATUS,
} from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import type { Job } from '../../platform/jobs.ts';
import { newObjectKey, type ObjectStorage } from '../../platform/storage.ts';
import { oneTimeUploads } from '../../platform/uploads.ts';
import { abandonCommands, queueVideoUpload } from '../device-link/public.ts';
import {
  type AnsweredClip,
  answeredClips,
  claimEvent,
  type DueEvent,
  dueEvents,
  expiredClips,
  insertClip,
  markPurged,
  nextPendingEvent,
  nextTimeout,
  refreshVideoStatus,
  setClipState,
  timeOutClips,
} from './clips.repository.ts';
import { checkMp4 } from './mp4.ts';

const BATCH = 200;
const RETENTION_CHECK_MS = 60_000;

export interface ClipJobDeps {
  database: DatabaseHandle;
  storage: ObjectStorage;
  commands: DeviceCommands;
  config: Pick<Config, 'CLIP_TIMEOUT_SECONDS' | 'VIDEO_RETENTION_DAYS'>;
  log: FastifyBaseLogger;
  /** These events' clips changed state (the live push); called after the change committed. */
  changed?: ((eventIds: string[]) => void) | undefined;
}

/** The window a clip of an event at `time` covers. */
export function clipWindow(time: Date): { from: Date; to: Date } {
  return {
    from: new Date(time.getTime() - CLIP_SECONDS_BEFORE * 1000),
    to: new Date(time.getTime() + CLIP_SECONDS_AFTER * 1000),
  };
}

/** A new object for a clip: `clips/yyyy/mm/<uuid>/cam<n>_<window start stamp>.mp4`. */
export const clipObjectKey = (camera: number, from: Date) =>
  newObjectKey('clips', from, clipFileName(camera, from));

/**
 * One video-upload command and one clip per camera of the event, for the window; queued while the
 * device is away (status 0). Answers whether any was queued (the caller then sends them). The
 * event's video status follows.
 */
export async function queueClips(
  tx: Queryable,
  event: Pick<
    DueEvent,
    'id' | 'customer_id' | 'device_pk' | 'cameras' | 'camera_ids' | 'online' | 'device_exists'
  >,
  { from, to }: { from: Date; to: Date },
): Promise<boolean> {
  const cameras = event.device_exists ? event.cameras : 0;
  for (let camera = 1; camera <= cameras; camera += 1) {
    const objectKey = clipObjectKey(camera, from);
    const commandId = await queueVideoUpload(
      tx,
      { pk: event.device_pk, customerId: event.customer_id },
      { camera, from: from.toISOString(), to: to.toISOString(), object_key: objectKey },
    );
    await insertClip(tx, {
      eventId: event.id,
      customerId: event.customer_id,
      devicePk: event.device_pk,
      camera,
      cameraId: event.camera_ids[camera - 1] ?? null,
      status: event.online ? VIDEO_STATUS.waiting : VIDEO_STATUS.deviceOffline,
      from,
      to,
      objectKey,
      commandId,
    });
  }
  await refreshVideoStatus(tx, [event.id]);
  return cameras > 0;
}

export function clipJob(deps: ClipJobDeps): Job {
  const { database, storage, commands, config, log } = deps;
  const uploads = oneTimeUploads(database, storage);
  // A clip's state and its event's video status change together: a reader never sees the clips
  // checked and the event still waiting.
  const setState = (clip: { id: string; commandId: string }, state: Parameters<typeof setClipState>[2]) =>
    database.transaction((tx) => setClipState(tx, clip, state));
  const changed = (eventIds: string[]) => {
    if (eventIds.length > 0) deps.changed?.(eventIds);
  };
  let lastRetention = 0;

  async function askForClips(now: Date): Promise<void> {
    const due = await dueEvents(database, new Date(now.getTime() - CLIP_SECONDS_AFTER * 1000), BATCH);
    const devices = new Set<string>();
    const queued: string[] = [];
    for (const event of due) {
      const { from, to } = clipWindow(new Date(event.time));
      await database.transaction(async (tx) => {
        if (!(await claimEvent(tx, event.id, event.cameras > 0 ? from : null))) return;
        if (await queueClips(tx, event, { from, to })) devices.add(event.device_pk);
        queued.push(event.id);
      });
    }
    changed(queued);
    for (const pk of devices) await commands.sendPending(pk);
  }

  async function check(clip: AnsweredClip): Promise<void> {
    const target = { id: clip.id, commandId: clip.command_id };
    if (clip.command_status === 'failed') {
      const reason = clip.result?.reason ?? null;
      if (reason === 'no-recording')
        await setState(target, {
          status: VIDEO_STATUS.noVideo,
          detail: 'the device has no recording of this window',
        });
      else
        await setState(target, {
          status: VIDEO_STATUS.noVideo,
          failure: 'creation-error',
          // The device's words may quote the signed upload address back: people see it without.
          detail:
            reason ?? (clip.error && redactAddresses(clip.error)) ?? 'the device could not upload the clip',
        });
      return;
    }
    if (!(await setState(target, { status: VIDEO_STATUS.processing }))) return;
    // What arrived at one of the command's addresses, now under a key no address names.
    const kept = await uploads.accept(clip.command_id);
    if (!kept) {
      await setState(target, {
        status: VIDEO_STATUS.noVideo,
        failure: 'creation-error',
        detail: 'nothing arrived at the upload address',
      });
      return;
    }
    const verdict = await checkMp4((length) => storage.readStart(kept.key, length), kept.bytes);
    if (!verdict.ok) {
      // What is not a playable video is not kept.
      await storage.delete(kept.key);
      await setState(target, {
        status: VIDEO_STATUS.noVideo,
        failure: 'conversion-failed',
        detail: verdict.reason,
      });
      return;
    }
    const completed = await setState(target, {
      status: VIDEO_STATUS.completed,
      bytes: kept.bytes,
      recordedAt: recordingTimeFromUrl(kept.key),
      kept,
    });
    // Recreated or timed out meanwhile: the object is no clip's.
    if (!completed) await storage.delete(kept.key);
  }

  async function checkAnswers(): Promise<void> {
    const answered = await answeredClips(database, BATCH);
    for (const clip of answered) {
      try {
        await check(clip);
      } catch (error) {
        // Storage unreachable: the clip stays where it was and is checked again on the next run.
        log.warn({ err: error, clip: clip.id }, 'clip not checked');
        await setState({ id: clip.id, commandId: clip.command_id }, { status: VIDEO_STATUS.waiting });
      }
    }
    changed([...new Set(answered.map((c) => c.event_id))]);
  }

  async function purge(now: Date): Promise<void> {
    if (now.getTime() - lastRetention < RETENTION_CHECK_MS) return;
    lastRetention = now.getTime();
    const before = new Date(now.getTime() - config.VIDEO_RETENTION_DAYS * 86_400_000);
    for (;;) {
      const expired = await expiredClips(database, before, BATCH);
      if (expired.length > 0) {
        for (const clip of expired) await storage.delete(clip.object_key);
        await markPurged(database, expired);
      }
      if (expired.length < BATCH) break;
    }
    let swept = BATCH;
    while (swept === BATCH) swept = await uploads.sweep(now, BATCH);
  }

  return {
    name: 'event-clips',
    async run(_since, now) {
      await askForClips(now);
      await checkAnswers();
      const timeoutMs = config.CLIP_TIMEOUT_SECONDS * 1000;
      const timedOut = await timeOutClips(database, new Date(now.getTime() - timeoutMs));
      await abandonCommands(database, timedOut.commandIds, 'timed out');
      changed(timedOut.eventIds);
      await purge(now);
      const pending = await nextPendingEvent(database);
      const moments = [
        pending && new Date(pending.getTime() + CLIP_SECONDS_AFTER * 1000),
        await nextTimeout(database, timeoutMs),
        new Date(lastRetention + RETENTION_CHECK_MS),
      ].filter((d): d is Date => d instanceof Date);
      return new Date(Math.min(...moments.map((d) => d.getTime())));
    },
  };
}
