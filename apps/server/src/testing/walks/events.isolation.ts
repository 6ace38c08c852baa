import type { IsolationWalk, WalkContext } from '../walks.ts';

/** A clip of camera 1 of B's `event`: its state, and its window as the times that long ago. */
const clipOf = (
  { insert, b }: WalkContext,
  event: string | undefined,
  clip: { camera: string; status: number; failure: string | null; window: [string, string]; key: string },
) =>
  insert(
    `INSERT INTO event_clips (event_id, customer_id, device_pk, camera, camera_id, status, failure, window_from,
                              window_to, object_key)
     VALUES ($1, $2, $3, 1, $4, $5, $6, now() - $7::interval, now() - $8::interval, $9) RETURNING id`,
    [event, b.customer, b.device, clip.camera, clip.status, clip.failure, ...clip.window, clip.key],
  );

/** B's event on B's device (seeded by the device link's walk), with a timed-out clip and a view. */
async function seed(context: WalkContext): Promise<void> {
  const { insert, query, b } = context;
  b.event = await insert(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
                                direction, gx, gy, gz, roll, pitch, yaw, cameras, camera_ids, comment, tag,
                                clips_pending, video_status, video_start_at)
     VALUES ($1, 'otherco-event-1', $2, $3, now() - interval '1 hour', 'Impact', 35.1, 139.1, 8, 90,
             -0.9, 0.1, 1, 0, 0, 0, 1, '{otherco-cam-1}', 'otherco-event-comment', 'serious',
             false, 1, now() - interval '1 hour')
     RETURNING id`,
    [b.device, b.customer, b.vehicle],
  );
  b.clip = await clipOf(context, b.event, {
    camera: 'otherco-cam-1',
    status: 1,
    failure: 'timeout',
    window: ['1 hour 10 seconds', '59 minutes 50 seconds'],
    key: 'clips/2026/11/0b0b0b0b-0000-4000-8000-000000000001/cam1_20261126050000.mp4',
  });
  await query(
    `INSERT INTO event_views (event_id, customer_id, user_id, user_name, kind) VALUES ($1, $2, $3, 'otherco-viewer', 'view')`,
    [b.event, b.customer, b.user],
  );
  // B's on-demand video (/event-videos), asked for by B's user, with a clip being created.
  b.videoEvent = await insert(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
                                direction, gx, gy, gz, roll, pitch, yaw, cameras, camera_ids, clips_pending,
                                video_status, video_start_at, video_start_local, requested_by)
     VALUES ($1, 'otherco-video-1', $2, $3, now() - interval '2 hours', 'clip', 35.1, 139.1, 0, 0,
             0, 0, 0, 0, 0, 0, 1, '{otherco-vidcam-1}', false, 2, now() - interval '2 hours',
             (now() - interval '2 hours')::timestamp, $4)
     RETURNING id`,
    [b.device, b.customer, b.vehicle, b.user],
  );
  await clipOf(context, b.videoEvent, {
    camera: 'otherco-vidcam-1',
    status: 2,
    failure: null,
    window: ['2 hours', '1 hour 58 minutes'],
    key: 'clips/2026/11/0b0b0b0b-0000-4000-8000-000000000002/cam1_20261126040000.mp4',
  });
  await query(
    `INSERT INTO event_views (event_id, customer_id, user_id, user_name, kind) VALUES ($1, $2, $3, 'otherco-video-viewer', 'play')`,
    [b.videoEvent, b.customer, b.user],
  );
}

export const walk: IsolationWalk = {
  objects: [
    [/^\/api\/v1\/events\/\{id\}/, 'event'],
    [/^\/api\/v1\/event-videos\/\{id\}/, 'videoEvent'],
  ],
  params: { clipId: 'clip' },
  seed,
  bodies: () => ({
    'PUT /api/v1/events/{id}': { tag: 'no-problem', comment: 'taken over', do_not_delete: false },
    'POST /api/v1/events/{id}/views': {},
    'POST /api/v1/events/{id}/clips/play': {},
    'POST /api/v1/events/{id}/clips/{clipId}/play': {},
    'POST /api/v1/events/{id}/clips/{clipId}/download': {},
    'POST /api/v1/events/{id}/clips/{clipId}/recreate': {},
    // On-demand video of B's vehicle ({id}: the vehicles walk's vehicle): a valid 2-minute window.
    'POST /api/v1/vehicles/{id}/videos': {
      start: new Date(Date.now() - 180_000).toISOString(),
      end: new Date(Date.now() - 60_000).toISOString(),
    },
  }),
  markers: () => [
    'otherco-event-comment',
    'otherco-cam-1',
    'otherco-viewer',
    'cam1_20261126050000',
    'otherco-vidcam-1',
    'otherco-video-viewer',
    'cam1_20261126040000',
  ],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(e ORDER BY e.id) FROM device_events e WHERE e.customer_id = $1) AS events,
              (SELECT json_agg(k ORDER BY k.id) FROM event_clips k WHERE k.customer_id = $1) AS clips,
              (SELECT count(*) FROM event_views WHERE customer_id = $1) AS views,
              (SELECT count(*) FROM device_commands WHERE customer_id = $1 AND type = 'video-upload') AS commands`,
      [b.customer],
    ),
};
