// npm run bench:clips [-- --events 12 --devices 3 --cameras 2 --interval 10 --encoders 2]
// A burst (the demo's worst case): npm run bench:clips -- --events 6 --devices 6 --cameras 4 --interval 0
// Not a test: how long from an event a device sends to all its clips playable (the demo wants
// clips within 30 s of the event). Everything is the product's own, in one
// process: the server on an embedded PGlite database (never the machine's PostgreSQL) with the
// embedded MQTT broker and local-disk object storage, and `devices` simulated devices on MQTT
// whose cameras are the simulator's Recorder (ffmpeg renders the window in H.264, the clip is PUT
// to the signed address, then `completed`). The devices send `events` events in turn, one every
// `interval` seconds, each stamped with the moment it is sent (as a device reports what just
// happened). An event is done when every camera's clip is completed (status 4: uploaded and
// checked as MP4 with H.264); its figure is the last clip's completion (its row's updated_at, the
// server's clock, which is this process's) minus the moment the event was published. The clip
// window ends 10 s after the event (CLIP_SECONDS_AFTER), so no clip can be asked for earlier: the
// figures are given whole and past that wait, with the four spans between. The simulator renders
// `encoders` clips at a time per process (its pool, camera.ts; the demo's default is 2), and
// uploads each as soon as it is rendered: a real fleet's devices each render their own.
import { availableParallelism, loadavg } from 'node:os';
import { CLIP_SECONDS_AFTER, type DeviceUpChannel } from '@fleetlens/contracts';
import { DEFAULT_ENCODERS, setEncoders } from '@fleetlens/simulator';
import { filmWithRecorder, publisherOf, startVideoHarness } from '../apps/server/src/testing/deviceLink.ts';
import { benchArgs } from './bench-args.ts';

const args = benchArgs({
  events: 12,
  devices: 3,
  cameras: 2,
  interval: 10,
  encoders: DEFAULT_ENCODERS,
  // The longest an event may take before the run gives up on it.
  timeout: 180,
});
const EVENTS = args.events;
const DEVICES = args.devices;
const CAMERAS = args.cameras;
const INTERVAL_MS = args.interval * 1000;
const TIMEOUT_MS = args.timeout * 1000;
const ENCODERS = args.encoders;
setEncoders(ENCODERS);

// The embedded database only: a DATABASE_URL in the environment would send the run to PostgreSQL.
delete process.env.DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rank = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const link = await startVideoHarness();
const { h } = link;

/** Set once the run is over: a clip still rendering then answers no one. */
let closing = false;

/** A device with CAMERAS cameras, signed in, its vehicle running, filming with the Recorder. */
async function filmingDevice() {
  const device = await link.addDevice();
  await h.database.query('UPDATE devices SET channel_number = $2 WHERE id = $1', [device.pk, CAMERAS]);
  const client = await link.signIn(device);
  const send = publisherOf(client, device);
  const publish = (channel: DeviceUpChannel, body: object) =>
    closing ? Promise.resolve('') : send(channel, body);
  await filmWithRecorder(client, device, { cameras: CAMERAS, httpBase: link.httpBase, publish });
  await publish('status', { connection: 'online', motion: 'running' });
  return { publish };
}

const fleet = await Promise.all(Array.from({ length: DEVICES }, () => filmingDevice()));
console.log(
  `bench:clips: ${EVENTS} events from ${DEVICES} devices of ${CAMERAS} cameras, ` +
    (INTERVAL_MS > 0 ? `one every ${INTERVAL_MS / 1000} s; ` : 'all at once (a burst); ') +
    `${ENCODERS} encoder(s) at a time; ` +
    `clips are asked for ${CLIP_SECONDS_AFTER} s after the event at the earliest`,
);

/** Message id → when it was published. */
const publishedAt = new Map<string, number>();
const started = Date.now();
for (let i = 0; i < EVENTS; i += 1) {
  const wait = started + i * INTERVAL_MS - Date.now();
  if (wait > 0) await sleep(wait);
  const unit = fleet[i % DEVICES];
  if (!unit) continue;
  const at = Date.now();
  const id = await unit.publish('events', {
    time: new Date(at).toISOString(),
    type: 'Impact',
    lat: 35.6195,
    lng: 139.7745,
    speed: 12,
    direction: 90,
    gx: 0.7,
    gy: 0.1,
    gz: 1,
    roll: 0,
    pitch: 0,
    yaw: 90,
    cameras: CAMERAS,
  });
  publishedAt.set(id, at);
}

/** The moments of one event's clips (ms since the epoch): the last of each across its cameras. */
interface Phases {
  published: number;
  asked: number;
  sent: number;
  answered: number;
  completed: number;
}
/** Message id → its phases, once every clip is completed. */
const done = new Map<string, Phases>();
const failed = new Set<string>();
const deadline = Date.now() + TIMEOUT_MS;
while (done.size + failed.size < publishedAt.size && Date.now() < deadline) {
  const open = [...publishedAt.keys()].filter((id) => !done.has(id) && !failed.has(id));
  const rows = await h.database.query<{
    message_id: string;
    clips: number;
    completed: number;
    ended: number;
    asked: Date;
    sent: Date;
    answered: Date;
    last: Date;
  }>(
    `SELECT e.message_id, count(k.id)::int AS clips,
            count(k.id) FILTER (WHERE k.status = 4)::int AS completed,
            count(k.id) FILTER (WHERE k.status = 1)::int AS ended,
            max(k.created_at) AS asked, max(k.sent_at) AS sent, max(c.acknowledged_at) AS answered,
            max(k.updated_at) AS last
       FROM device_events e LEFT JOIN event_clips k ON k.event_id = e.id
       LEFT JOIN device_commands c ON c.id = k.command_id
      WHERE e.message_id = ANY($1::text[]) GROUP BY e.message_id`,
    [open],
  );
  for (const row of rows) {
    if (row.clips === CAMERAS && row.completed === CAMERAS)
      done.set(row.message_id, {
        published: publishedAt.get(row.message_id) ?? 0,
        asked: new Date(row.asked).getTime(),
        sent: new Date(row.sent).getTime(),
        answered: new Date(row.answered).getTime(),
        completed: new Date(row.last).getTime(),
      });
    else if (row.ended > 0) failed.add(row.message_id);
  }
  await sleep(200);
}

/** The median and p95 of one span over the events done, in seconds. */
const span = (from: keyof Phases, to: keyof Phases) => {
  const sorted = [...done.values()].map((p) => p[to] - p[from]).sort((a, b) => a - b);
  return `median ${seconds(rank(sorted, 0.5))}, p95 ${seconds(rank(sorted, 0.95))}`;
};
console.log(
  `  load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} (${availableParallelism()} cores)`,
);
console.log(`  event → clips asked for (the window's end, then the clip job): ${span('published', 'asked')}`);
console.log(`  asked → command sent to the device: ${span('asked', 'sent')}`);
console.log(`  sent → device answered completed (render, upload): ${span('sent', 'answered')}`);
console.log(`  answered → checked and completed (MP4 check): ${span('answered', 'completed')}`);

const figures = [...done.values()].map((p) => p.completed - p.published).sort((a, b) => a - b);
const median = rank(figures, 0.5);
const p95 = rank(figures, 0.95);
console.log(
  `event → all clips playable (s), ${figures.length} of ${publishedAt.size} events` +
    (failed.size > 0 ? `, ${failed.size} without video` : '') +
    `: p50 ${seconds(median)}, p95 ${seconds(p95)}, min ${seconds(figures[0] ?? 0)}, max ${seconds(figures.at(-1) ?? 0)}`,
);
console.log(
  `past the ${CLIP_SECONDS_AFTER} s window: median ${seconds(median - CLIP_SECONDS_AFTER * 1000)}, p95 ${seconds(p95 - CLIP_SECONDS_AFTER * 1000)}; ` +
    `within 30 s: ${figures.filter((f) => f <= 30_000).length} of ${publishedAt.size}`,
);

closing = true;
await link.close();
process.exit(figures.length === publishedAt.size ? 0 : 1);
