// The events' rules: an event is found in the caller's scope or answers 404 (another tenant's like
// a missing one); a restricted (do-not-delete) event is never deleted; opening an event and
// taking a clip's address are recorded (who, when); a clip's object is handed out only while its
// SHA-256 is the one recorded when it was checked; only a failed clip is recreated, with a new
// command and a new object, and an answer to the old command changes nothing.
import type {
  ClipAddressKind,
  ClipsPlay,
  EventDetail,
  EventListQuery,
  EventUpdate,
} from '@fleetlens/contracts';
import { VIDEO_STATUS } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { audited, auditTrail, recordAudit, rowSnapshot } from '../../platform/audit.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import { ApiError, found } from '../../platform/errors.ts';
import type { ObjectStorage } from '../../platform/storage.ts';
import { oneTimeUploads } from '../../platform/uploads.ts';
import { abandonCommands, queueVideoUpload } from '../device-link/public.ts';
import { clipObjectKey } from './clipJob.ts';
import {
  type ClipRecord,
  completedClips,
  deviceOnline,
  findClip,
  listClips,
  restartClip,
} from './clips.repository.ts';
import {
  deleteEvent,
  findEvent,
  findEventSamples,
  insertView,
  listEvents,
  listViewers,
  updateEvent,
} from './repository.ts';

/** How long a play or download address works. */
export const CLIP_ADDRESS_SECONDS = 600;

export interface EventServiceDeps {
  database: DatabaseHandle;
  storage: ObjectStorage;
  commands: DeviceCommands;
  log: FastifyBaseLogger;
  /** Something for the clip job to do now (a recreated clip). */
  wakeClips: () => void;
  /** These events' clips changed state (the live push). */
  clipsChanged?: ((eventIds: string[]) => void) | undefined;
}

const audit = auditTrail('event', 'device_events');
const expiresAt = () => new Date(Date.now() + CLIP_ADDRESS_SECONDS * 1000).toISOString();

export function eventService(deps: EventServiceDeps) {
  const { database, storage, commands, log, wakeClips, clipsChanged } = deps;
  const uploads = oneTimeUploads(database, storage);
  const get = async (scope: Scoped, id: string) => found(await findEvent(database, scope, id));

  /** A completed clip's signed address, once its object is the one checked on arrival. */
  async function signedAddress(clip: ClipRecord, kind: ClipAddressKind): Promise<string> {
    // Evidence: the bytes handed out are those checked on arrival (clips checked before 0048 have
    // no record, and are served as they are). Nothing can write the kept key; this catches the
    // store itself being changed.
    if (clip.sha256) {
      const kept = { key: clip.object_key, sha256: clip.sha256, bytes: clip.bytes ?? 0 };
      const integrity = await uploads.verify(kept);
      if (integrity !== 'intact') {
        log.error(
          { clip: clip.id, event: clip.event_id, key: clip.object_key, integrity },
          'clip object altered',
        );
        throw new ApiError('conflict', { messageKey: 'clipAltered' });
      }
    }
    const name = clip.object_key.replace(/^.*\//, '');
    return storage.signedGetUrl(
      clip.object_key,
      CLIP_ADDRESS_SECONDS,
      kind === 'download' ? { downloadName: name } : undefined,
    );
  }

  async function detail(scope: Scoped, id: string): Promise<EventDetail> {
    const event = await get(scope, id);
    return {
      ...event,
      clips: await listClips(database, id),
      viewers: await listViewers(database, id),
      samples: await findEventSamples(database, id),
    };
  }

  return {
    async list(scope: Scoped, query: EventListQuery) {
      const rows = await listEvents(database, scope, query);
      const last = rows.list.at(-1);
      return {
        ...rows,
        page: query.cursor ? 1 : query.page,
        perPage: query.perPage,
        next_cursor:
          last && rows.list.length === query.perPage ? `${Date.parse(last.time)}_${last.id}` : null,
      };
    },

    detail,

    async update(access: RequestAccess, id: string, body: EventUpdate): Promise<EventDetail> {
      await get(access, id);
      await audited(database, audit(access.principal, 'update', id), async (tx) => {
        await updateEvent(tx, id, body);
        return id;
      });
      return detail(access, id);
    },

    async remove(access: RequestAccess, id: string): Promise<{ id: string }> {
      await get(access, id);
      const removed = await database.transaction(async (tx) => {
        const before = await rowSnapshot(tx, 'device_events', id);
        const result = await deleteEvent(tx, id);
        if (typeof result === 'string') return result;
        await abandonCommands(tx, result.commands, 'event deleted');
        // The deletion and its entry commit together (a restricted or missing event records nothing).
        const customerId = before?.customer_id;
        await recordAudit(tx, {
          actor: access.principal,
          customerId: typeof customerId === 'string' ? customerId : null,
          entity: 'event',
          entityId: id,
          action: 'delete',
          before,
        });
        return result;
      });
      if (removed === 'notFound') throw new ApiError('notFound');
      if (removed === 'restricted') throw new ApiError('conflict', { messageKey: 'eventRestricted' });
      // After the commit: a video left behind by a failed delete costs space, a lost row would cost more.
      for (const key of removed.keys) await storage.delete(key);
      return { id };
    },

    /** The caller opened the event: one more view, and they are among its viewers. */
    async view(access: RequestAccess, id: string): Promise<EventDetail> {
      const event = await get(access, id);
      await insertView(database, {
        eventId: id,
        customerId: event.customer.id,
        userId: access.principal.userId,
        kind: 'view',
      });
      return detail(access, id);
    },

    /** A signed address to play or download a completed clip; recorded as a play or download. */
    async clipAddress(access: RequestAccess, eventId: string, clipId: string, kind: ClipAddressKind) {
      const clip = found(await findClip(database, access, eventId, clipId));
      if (clip.status !== VIDEO_STATUS.completed)
        throw new ApiError('conflict', { messageKey: 'clipNotAvailable' });
      const url = await signedAddress(clip, kind);
      await insertView(database, {
        eventId,
        customerId: clip.customer_id,
        userId: access.principal.userId,
        kind,
        clipId,
      });
      return { url, expires_at: expiresAt() };
    },

    /**
     * The addresses of every clip with video, for the player that plays the cameras together: a
     * press of Play is one play among the viewers, not one per camera.
     */
    async playClips(access: RequestAccess, eventId: string): Promise<ClipsPlay> {
      const event = await get(access, eventId);
      const clips = await completedClips(database, access, eventId);
      if (clips.length === 0) throw new ApiError('conflict', { messageKey: 'clipNotAvailable' });
      const addresses: ClipsPlay['clips'] = [];
      for (const clip of clips)
        addresses.push({ id: clip.id, camera: clip.camera, url: await signedAddress(clip, 'play') });
      await insertView(database, {
        eventId,
        customerId: event.customer.id,
        userId: access.principal.userId,
        kind: 'play',
      });
      return { clips: addresses, expires_at: expiresAt() };
    },

    /** Asks the device again for a failed clip (a timeout, a creation error, a conversion failure). */
    async recreate(access: RequestAccess, eventId: string, clipId: string): Promise<EventDetail> {
      const clip = found(await findClip(database, access, eventId, clipId));
      if (!clip.failure) throw new ApiError('conflict', { messageKey: 'clipNotRecreatable' });
      const from = new Date(clip.window_from);
      const online = await deviceOnline(database, clip.device_pk);
      // The device record is gone: nobody to ask.
      if (online === undefined) throw new ApiError('conflict', { messageKey: 'clipNotRecreatable' });
      await database.transaction(async (tx) => {
        const objectKey = clipObjectKey(clip.camera, from);
        const commandId = await queueVideoUpload(
          tx,
          { pk: clip.device_pk, customerId: clip.customer_id },
          {
            camera: clip.camera,
            from: from.toISOString(),
            to: new Date(clip.window_to).toISOString(),
            object_key: objectKey,
          },
        );
        if (clip.command_id) await abandonCommands(tx, [clip.command_id], 'recreated');
        await restartClip(tx, {
          id: clip.id,
          commandId,
          objectKey,
          status: online ? VIDEO_STATUS.waiting : VIDEO_STATUS.deviceOffline,
        });
      });
      // The old object, if a late upload left one, is no longer any clip's.
      await storage.delete(clip.object_key);
      await commands.sendPending(clip.device_pk);
      clipsChanged?.([eventId]);
      wakeClips();
      return detail(access, eventId);
    },
  };
}

export type EventService = ReturnType<typeof eventService>;
