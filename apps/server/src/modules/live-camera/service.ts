// Live camera's rules (domain spec: live-camera limits, "Live camera stopped (retry)",
// "Device is offline, waiting", "vehicle is offline, try again later").
// - A view needs the vehicle in the caller's scope, its company's function l-video, a device with
//   cameras that is online, and time left this month. It may last what is left of the caller's
//   continuous playback time on that vehicle (time.service.ts), or less when less remains.
// - One stream per device, whoever watches: the first view asks the device (live-start over the
//   device link), later ones join it; when the last view ends the sweep asks it to stop.
// - The time is what the server streamed to the view (time.service.ts, counted by the stream
//   route), taken off the month as it goes. Heartbeats only say the viewer is still there: a view
//   whose viewer is silent for LIVE_IDLE_SECONDS ends (idle), and its streams are cut.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  LIVE_HEARTBEAT_SECONDS,
  LIVE_IDLE_SECONDS,
  type LiveCameraTarget,
  type LiveEndReason,
  type LiveView,
  type LiveViewListQuery,
  type LiveViewStatus,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { insertDeviceCommand } from '../../platform/deviceCommands.repository.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { findVideoTarget, lockDevice } from '../events/public.ts';
import type { MediaEngine } from './media.ts';
import {
  customerLive,
  deleteStream,
  insertStream,
  insertView,
  listViews,
  restartIfReconnected,
  streamOf,
  takeUnwatchedStreams,
  type ViewRow,
  viewOf,
  viewPlays,
} from './repository.ts';
import { endSilentViews, markSeen } from './time.repository.ts';
import { continuousLeft, streamCounter } from './time.service.ts';

export interface LiveCameraDeps {
  database: DatabaseHandle;
  commands: DeviceCommands;
  /** undefined: live video is off on this server, or its engine did not start (the start answers 503). */
  media: MediaEngine | undefined;
  /** Signs the stream addresses handed to browsers (a server secret shared by replicas). */
  secret: Buffer;
  /** The server's clock (ms since the epoch), which measures the views' time; Date.now unless told. */
  clock?: () => number;
}

/** How long the publish addresses sent to a device stay valid (a resent start is signed again). */
export const PUBLISH_VALID_SECONDS = 600;
/** How often the sweep ends silent views and stops the streams nobody watches. */
export const LIVE_SWEEP_SECONDS = LIVE_IDLE_SECONDS / 4;
export function liveCameraService({ database, commands, media, secret, clock = Date.now }: LiveCameraDeps) {
  const tokenOf = (viewId: string, camera: number, expires: number) =>
    createHmac('sha256', secret).update(`${viewId}.${camera}.${expires}`).digest('base64url');

  const streamUrl = (viewId: string, camera: number, expires: number) =>
    `/api/v1/live-camera/views/${viewId}/cameras/${camera}?expires=${expires}&token=${tokenOf(viewId, camera, expires)}`;

  const statusOf = (view: ViewRow, remaining: number): LiveViewStatus => ({
    id: view.id,
    state: view.ended_at ? 'ended' : view.online ? 'playing' : 'device-offline',
    end_reason: view.end_reason,
    watched_seconds: Math.round(view.watched_seconds * 10) / 10,
    allowed_seconds: view.allowed_seconds,
    remaining_seconds: remaining,
  });

  /** Queues a live command in `tx`; the caller sends it after the commit. */
  const queueCommand = (
    tx: Queryable,
    device: { pk: string; customerId: string },
    type: 'live-start' | 'live-stop',
    params: object,
    userId: string | null,
  ) =>
    insertDeviceCommand(
      tx,
      { id: randomUUID(), devicePk: device.pk, customerId: device.customerId, type, params },
      userId,
    );

  const startParams = (key: string, cameras: number) => ({
    stream: key,
    cameras: Array.from({ length: cameras }, (_, i) => ({
      camera: i + 1,
      publish_url: media?.publishUrl(key, i + 1, PUBLISH_VALID_SECONDS) ?? '',
    })),
  });

  return {
    async target(scope: Scoped, vehicleId: string): Promise<LiveCameraTarget> {
      const target = found(await findVideoTarget(database, scope, vehicleId));
      const live = await customerLive(database, target.customer_id);
      return {
        vehicle: { id: target.vehicle_id, name: target.vehicle_name },
        device: target.device_pk ? { id: target.device_pk, device_id: target.device_id ?? '' } : null,
        cameras: target.device_pk ? target.cameras : 0,
        camera_ids: target.camera_ids,
        online: target.device_pk ? target.online : null,
        limits: {
          continuous_seconds: live.continuous_seconds,
          monthly_max_seconds: live.monthly_max_seconds,
          remaining_seconds: live.remaining_seconds,
        },
      };
    },

    async start(access: RequestAccess, vehicleId: string): Promise<LiveView> {
      const target = found(await findVideoTarget(database, access, vehicleId));
      // The vehicle's own company must have live camera, whoever watches (a parent's manager too).
      const live = await customerLive(database, target.customer_id);
      if (!live.functions.includes('l-video')) throw new ApiError('forbidden');
      const devicePk = target.device_pk;
      if (!devicePk || target.cameras < 1) throw new ApiError('conflict', { messageKey: 'liveNoCamera' });
      // The engine first: without it no vehicle could be watched, online or not.
      if (!media) throw new ApiError('unavailable', { messageKey: 'liveServiceUnavailable' });
      if (!target.online) throw new ApiError('conflict', { messageKey: 'liveVehicleOffline' });
      const device = { pk: devicePk, customerId: target.customer_id };
      const { principal } = access;
      const started = await database.transaction(async (tx) => {
        await lockDevice(tx, devicePk);
        const limits = await customerLive(tx, target.customer_id);
        if (limits.remaining_seconds <= 0) throw new ApiError('conflict', { messageKey: 'liveNoTimeLeft' });
        const startedAt = clock();
        const run = await continuousLeft(
          tx,
          { userId: principal.userId, vehicleId },
          limits.continuous_seconds,
          startedAt,
        );
        if (!run.ok)
          throw new ApiError('conflict', {
            messageKey: 'liveContinuousUsed',
            params: { seconds: run.waitSeconds },
          });
        let stream = await streamOf(tx, devicePk);
        if (!stream || stream.cameras < target.cameras) {
          const key = randomBytes(12).toString('base64url');
          if (stream)
            await queueCommand(tx, device, 'live-stop', { stream: stream.stream_key }, principal.userId);
          await deleteStream(tx, devicePk);
          await insertStream(tx, { devicePk, customerId: target.customer_id, key, cameras: target.cameras });
          await queueCommand(tx, device, 'live-start', startParams(key, target.cameras), principal.userId);
          stream = { device_pk: devicePk, stream_key: key, cameras: target.cameras, requested_at: '' };
        }
        const allowed = Math.min(run.leftSeconds, limits.remaining_seconds);
        const id = await insertView(tx, {
          customerId: target.customer_id,
          vehicleId,
          vehicleName: target.vehicle_name,
          devicePk,
          streamKey: stream.stream_key,
          userId: principal.userId,
          userName: principal.username,
          cameras: target.cameras,
          allowedSeconds: allowed,
          startedAt,
        });
        return { id, remaining: limits.remaining_seconds };
      });
      await commands.sendPending(devicePk);
      const view = found(await viewOf(database, access, started.id));
      // Enough for the whole allowance and the idle wait; each opening is checked against the view.
      const expires = Math.floor(clock() / 1000) + view.allowed_seconds + LIVE_IDLE_SECONDS + 60;
      return {
        ...statusOf(view, started.remaining),
        vehicle_id: vehicleId,
        started_at: view.started_at,
        heartbeat_seconds: LIVE_HEARTBEAT_SECONDS,
        streams: Array.from({ length: view.cameras }, (_, i) => ({
          camera: i + 1,
          url: streamUrl(view.id, i + 1, expires),
        })),
      };
    },

    /** The viewer is still there (or stops, with `end`); the answer says whether the view goes on. */
    async heartbeat(
      access: RequestAccess,
      viewId: string,
      end: LiveEndReason | null = null,
    ): Promise<LiveViewStatus> {
      let restart: string | undefined;
      const status = await database.transaction(async (tx) => {
        const seen = found(await viewOf(tx, access, viewId, true));
        await markSeen(tx, viewId, clock(), end);
        const view = end && !seen.ended_at ? found(await viewOf(tx, access, viewId)) : seen;
        const answer = statusOf(view, (await customerLive(tx, view.customer_id)).remaining_seconds);
        // The device came back after it was asked: it lost the stream, so it is asked again.
        if (
          answer.state === 'playing' &&
          view.device_pk &&
          (await restartIfReconnected(tx, view.device_pk))
        ) {
          const stream = await streamOf(tx, view.device_pk);
          if (stream) {
            await queueCommand(
              tx,
              { pk: view.device_pk, customerId: view.customer_id },
              'live-start',
              startParams(stream.stream_key, stream.cameras),
              access.principal.userId,
            );
            restart = view.device_pk;
          }
        }
        return answer;
      });
      if (restart) await commands.sendPending(restart);
      return status;
    },

    list: (scope: Scoped, query: LiveViewListQuery) =>
      listViews(database, scope, query).then((page) => ({
        ...page,
        page: query.page,
        perPage: query.perPage,
      })),

    /** Whether a stream address is genuine and its view still plays: the stream key, else undefined. */
    async streamOfToken(viewId: string, camera: number, expires: number, token: string) {
      if (!(expires * 1000 > clock())) return undefined;
      const expected = Buffer.from(tokenOf(viewId, camera, expires));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      return (await viewPlays(database, viewId))?.stream_key;
    },
    /** Counts one stream of the view as the server sends it (the stream route asks at each moment it must). */
    streamCounter: (viewId: string) => streamCounter(database, viewId, clock),

    /** Ends silent views and asks devices nobody watches any more to stop (any replica, any time). */
    async sweep(): Promise<void> {
      await endSilentViews(database, clock(), LIVE_IDLE_SECONDS);
      const stops = await database.transaction(async (tx) => {
        const unwatched = await takeUnwatchedStreams(tx);
        for (const s of unwatched)
          await queueCommand(
            tx,
            { pk: s.device_pk, customerId: s.customer_id },
            'live-stop',
            { stream: s.stream_key },
            null,
          );
        return unwatched.map((s) => s.device_pk);
      });
      for (const devicePk of stops) await commands.sendPending(devicePk);
    },
  };
}

export type LiveCameraService = ReturnType<typeof liveCameraService>;
