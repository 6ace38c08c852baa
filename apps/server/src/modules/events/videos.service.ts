// On-demand video's rules (domain spec §5, §8, §9): a vehicle in the caller's scope, with a device
// that has been heard from ("the vehicle is offline, try again later" otherwise); a window of at
// most 5 minutes, 3 with four cameras, inside the vehicle's running time as its device reported
// it; no other asked-for video of the device still on its way ("a video is being processed").
// The video is an event of type clip (code 23) whose clips are made at once, one per camera, and
// go the way of every clip (clipJob.ts); a device offline gets them when it is back ("Device is
// offline, waiting"). The decisions are taken under a lock on the device, so two requests at
// once cannot both pass.
import { randomUUID } from 'node:crypto';
import {
  type EventDetail,
  type EventListQuery,
  type EventVideo,
  REQUESTED_VIDEO_TYPES,
  type VideoDevice,
  type VideoHistoryQuery,
  type VideoRequest,
  type VideoRequestAnswer,
  videoLengthIssue,
  videoMaxSeconds,
  wallClockOf,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { queueClips } from './clipJob.ts';
import type { EventService } from './service.ts';
import { isRequestedVideo, listVideoHistory, requestedVideoExtras } from './videoLists.repository.ts';
import {
  findVideoTarget,
  hasOpenRequestedVideo,
  insertRequestedEvent,
  lockDevice,
  type RequestedEvent,
  ranThrough,
} from './videos.repository.ts';

export interface VideoServiceDeps {
  database: DatabaseHandle;
  commands: DeviceCommands;
  /** The event list and one event with its clips, as GET /events answers them. */
  events: Pick<EventService, 'list' | 'detail'>;
  /** New events to push live. */
  created: (ids: string[]) => void;
}

const invalid = (field: string, key: string) => new ApiError('validation', { fields: [{ field, key }] });

/**
 * Makes the event of an asked-for video and its clips in `tx` (the device locked): shared by
 * on-demand and random video. Answers the event's id.
 */
export async function createRequestedVideo(
  tx: Queryable,
  event: Omit<RequestedEvent, 'messageId'>,
  end: Date,
  online: boolean,
): Promise<string> {
  // The idempotency key of device_events: the server's own messages are named apart from a device's.
  const id = await insertRequestedEvent(tx, { ...event, messageId: `server-${event.type}-${randomUUID()}` });
  await queueClips(
    tx,
    {
      id,
      customer_id: event.customerId,
      device_pk: event.devicePk,
      cameras: event.cameras,
      camera_ids: event.cameraIds,
      online,
      device_exists: true,
    },
    { from: event.start, to: end },
  );
  return id;
}

export function videoService({ database, commands, events, created }: VideoServiceDeps) {
  const { detail } = events;
  return {
    /** The asked-for videos (on-demand, random): the event list of those types, with who asked and their clips. */
    async list(scope: Scoped, query: EventListQuery) {
      const page = await events.list(scope, { ...query, type: query.type ?? [...REQUESTED_VIDEO_TYPES] });
      const extras = new Map(
        (
          await requestedVideoExtras(
            database,
            page.list.map((e) => e.id),
          )
        ).map((x) => [x.id, x]),
      );
      const list: EventVideo[] = page.list.flatMap((event) => {
        const more = extras.get(event.id);
        return more ? [{ ...event, ...more }] : [];
      });
      return { ...page, list };
    },

    /** One asked-for video with its clips (another type of event answers 404, like another tenant's). */
    async one(scope: Scoped, id: string): Promise<EventDetail> {
      if (!(await isRequestedVideo(database, scope, id))) throw new ApiError('notFound');
      return detail(scope, id);
    },

    /** Who opened, played or downloaded which video, newest first. */
    async history(scope: Scoped, query: VideoHistoryQuery) {
      return {
        ...(await listVideoHistory(database, scope, query)),
        page: query.page,
        perPage: query.perPage,
      };
    },

    /** The vehicle's device as the on-demand video page checks a window against it. */
    async device(scope: Scoped, vehicleId: string): Promise<VideoDevice> {
      const target = found(await findVideoTarget(database, scope, vehicleId));
      return {
        vehicle: { id: target.vehicle_id, name: target.vehicle_name },
        device: target.device_pk ? { id: target.device_pk, device_id: target.device_id ?? '' } : null,
        cameras: target.cameras,
        max_seconds: videoMaxSeconds(target.cameras),
        online: target.device_pk ? target.online : null,
      };
    },

    async request(access: RequestAccess, vehicleId: string, body: VideoRequest): Promise<VideoRequestAnswer> {
      const target = found(await findVideoTarget(database, access, vehicleId));
      const devicePk = target.device_pk;
      if (!devicePk || target.online === null)
        throw new ApiError('conflict', { messageKey: 'videoVehicleOffline' });
      const start = new Date(body.start);
      const end = new Date(body.end);
      const tooLong = videoLengthIssue((end.getTime() - start.getTime()) / 1000, target.cameras);
      if (tooLong) throw invalid('end', tooLong.replace('validation.', ''));
      // What has not happened yet is not running time.
      if (end.getTime() > Date.now()) throw invalid('end', 'videoOutsideRunningTime');
      const online = target.online;
      const id = await database.transaction(async (tx) => {
        await lockDevice(tx, devicePk);
        if (!(await ranThrough(tx, { devicePk, vehicleId, start, end })))
          throw invalid('start', 'videoOutsideRunningTime');
        if (await hasOpenRequestedVideo(tx, devicePk))
          throw new ApiError('conflict', { messageKey: 'videoProcessing' });
        return createRequestedVideo(
          tx,
          {
            type: 'clip',
            devicePk,
            customerId: target.customer_id,
            vehicleId,
            start,
            startLocal: wallClockOf(body.start),
            cameras: target.cameras,
            cameraIds: target.camera_ids,
            requestedBy: access.principal.userId,
          },
          end,
          online,
        );
      });
      await commands.sendPending(devicePk);
      created([id]);
      return { ...(await detail(access, id)), device_offline: !online };
    },
  };
}

export type VideoService = ReturnType<typeof videoService>;
