// npm run bench:live [-- --runs 5 --seconds 10 --cameras 4]
// Not a test: live camera's first frame after pressing play, and its glass-to-glass latency, with
// a four-camera device (first frame under 3 s, latency under 2 s). Everything is the
// product's own, in one process: the server on an embedded PGlite database (never the machine's
// PostgreSQL) with the embedded MQTT broker and media engine, and a simulated device whose live
// cameras are the simulator's (ffmpeg, H.264 over RTMP). Headless Chromium (/usr/bin/chromium)
// opens a page at the server's origin that does what the viewer does: POST the view, then play
// each camera's signed HTTP-FLV with mpegts.js, with the viewer's settings.
// - First frame: from the moment "play" is pressed in the page (the POST starts) to the last
//   camera's first decoded picture (`loadeddata`), each run starting cold: the device is not
//   publishing (the previous run's view was stopped and the sweep told the device to stop).
// - Glass-to-glass: each camera burns its capture time into the picture as a 24-cell bar (the
//   wall clock's milliseconds modulo 2^24, apps/simulator/src/live.ts). For every frame the
//   browser presents (requestVideoFrameCallback), the page draws it into a canvas, reads the bar,
//   and subtracts it from the moment the frame is shown (performance.timeOrigin +
//   expectedDisplayTime). Same machine, same clock: no OCR, no clock offset. What this leaves out
//   is only the screen's own scan-out (headless has none).
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { LiveCameras, TIME_BAR } from '@fleetlens/simulator';
import { chromium } from 'playwright-core';
import { startVideoHarness, streamWithLiveCameras, until } from '../apps/server/src/testing/deviceLink.ts';
import { tokenOf } from '../apps/server/src/testing/harness.ts';
import { benchArgs } from './bench-args.ts';

const args = benchArgs({ runs: 5, seconds: 10, cameras: 4 });
delete process.env.DATABASE_URL;

const link = await startVideoHarness({ media: true });
const { h, httpBase: origin } = link;

// A vehicle whose device has `cameras` cameras, online, publishing with the simulator's encoders.
const device = await link.addDevice(args.cameras);
await h.database.query(
  'UPDATE customers SET live_continuous_seconds = 3600, live_monthly_max_seconds = 2678400, live_remaining_seconds = 2678400 WHERE id = $1',
  [link.customerId],
);
const cameras = new LiveCameras({ label: 'bench', cameras: args.cameras });
// The spans between: the device's live-start received, and the engine's last camera publishing.
let commandAt = 0;
const publishedAt: number[] = [];
(
  createRequire(import.meta.url)('node-media-server/src/core/context.js') as {
    eventEmitter: { on(event: string, listener: () => void): void };
  }
).eventEmitter.on('postPublish', () => publishedAt.push(Date.now()));
await streamWithLiveCameras(await link.signIn(device), device, cameras, (command) => {
  if (command.type === 'live-start') commandAt = Date.now();
});
await link.untilOnline(device);
const token = await tokenOf(h.app, 'manager');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
const player = createRequire(import.meta.url).resolve('mpegts.js/dist/mpegts.js');
await page.route(`${origin}/bench/mpegts.js`, (route) =>
  route.fulfill({ path: player, contentType: 'text/javascript' }),
);
await page.route(`${origin}/bench/`, (route) =>
  route.fulfill({
    contentType: 'text/html',
    body: '<!doctype html><script src="/bench/mpegts.js"></script><body></body>',
  }),
);
await page.goto(`${origin}/bench/`);

interface RunResult {
  firstFrameMs: number;
  /** When play was pressed and the POST answered (ms since the epoch). */
  pressedAt: number;
  answeredMs: number;
  latencies: number[];
  unread: number;
}

async function run(): Promise<RunResult> {
  return page.evaluate(
    async ({ vehicleId, token, seconds, bar }) => {
      type Player = {
        attachMediaElement(v: HTMLVideoElement): void;
        load(): void;
        play(): void;
        destroy(): void;
      };
      const w = window as unknown as { mpegts: { createPlayer(source: object, config: object): Player } };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const pressed = performance.now();
      const view = (
        await (
          await fetch(`/api/v1/vehicles/${vehicleId}/live-camera`, { method: 'POST', headers, body: '{}' })
        ).json()
      ).data;
      const answeredMs = performance.now() - pressed;
      const canvas = document.createElement('canvas');
      canvas.width = bar.width;
      canvas.height = bar.height360;
      const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
      const latencies: number[] = [];
      let unread = 0;
      const players: Player[] = [];
      const firsts = await Promise.all(
        view.streams.map(
          (s: { url: string }) =>
            new Promise<number>((resolve) => {
              const video = document.createElement('video');
              video.muted = true;
              video.width = bar.width;
              document.body.append(video);
              const p = w.mpegts.createPlayer(
                { type: 'flv', isLive: true, hasAudio: false, url: new URL(s.url, location.href).toString() },
                {
                  enableWorker: false,
                  enableStashBuffer: false,
                  liveBufferLatencyChasing: true,
                  liveBufferLatencyMaxLatency: 1,
                  liveBufferLatencyMinRemain: 0.2,
                },
              );
              players.push(p);
              p.attachMediaElement(video);
              p.load();
              p.play();
              video.addEventListener('loadeddata', () => resolve(performance.now() - pressed), {
                once: true,
              });
              const onFrame: VideoFrameRequestCallback = (_now, meta) => {
                context.drawImage(video, 0, 0, bar.width, bar.height360);
                const y = bar.height360 - bar.bottom - bar.height / 2;
                const cells = context.getImageData(0, y, bar.width, 1).data;
                let value = 0;
                for (let i = 0; i < bar.bits; i += 1) {
                  const x = bar.x + i * bar.cell + bar.cell / 2;
                  const o = Math.round(x) * 4;
                  const luma = ((cells[o] ?? 0) + (cells[o + 1] ?? 0) + (cells[o + 2] ?? 0)) / 3;
                  if (luma > 128) value += 2 ** i;
                }
                const shown = performance.timeOrigin + meta.expectedDisplayTime;
                const latency = ((shown % 2 ** bar.bits) - value + 2 ** bar.bits) % 2 ** bar.bits;
                if (latency < 10_000) latencies.push(latency);
                else unread += 1;
                video.requestVideoFrameCallback(onFrame);
              };
              video.requestVideoFrameCallback(onFrame);
            }),
        ),
      );
      await new Promise((r) => setTimeout(r, seconds * 1000));
      for (const p of players) p.destroy();
      document.body.replaceChildren();
      await fetch(`/api/v1/live-camera/views/${view.id}/stop`, { method: 'POST', headers, body: '{}' });
      return {
        firstFrameMs: Math.max(...firsts),
        pressedAt: performance.timeOrigin + pressed,
        answeredMs,
        latencies,
        unread,
      };
    },
    { vehicleId: device.vehicleId, token, seconds: args.seconds, bar: TIME_BAR },
  );
}

const rank = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
const firsts: number[] = [];
const all: number[] = [];
let unread = 0;
console.log(
  `bench:live: ${args.runs} cold starts of ${args.cameras} cameras, ${args.seconds} s each; ${availableParallelism()} cores`,
);
for (let i = 0; i < args.runs; i += 1) {
  // Cold: the device publishes nothing when play is pressed.
  await until('the device stopped publishing', async () => !cameras.publishing, 30_000);
  publishedAt.length = 0;
  const result = await run();
  const phase = (at: number) => `${Math.round(at - result.pressedAt)} ms`;
  const sorted = [...result.latencies].sort((a, b) => a - b);
  firsts.push(result.firstFrameMs);
  all.push(...result.latencies);
  unread += result.unread;
  console.log(
    `  run ${i + 1}: POST answered ${Math.round(result.answeredMs)} ms, live-start at the device ${phase(commandAt)}, ` +
      `last camera publishing ${phase(Math.max(...publishedAt.slice(0, args.cameras)))}, ` +
      `first frame ${Math.round(result.firstFrameMs)} ms; glass-to-glass p50 ${Math.round(rank(sorted, 0.5))} ms, p95 ${Math.round(rank(sorted, 0.95))} ms over ${sorted.length} frames`,
  );
}
const sortedFirst = [...firsts].sort((a, b) => a - b);
const sortedAll = [...all].sort((a, b) => a - b);
console.log(
  `first frame after play (all ${args.cameras} cameras): median ${Math.round(rank(sortedFirst, 0.5))} ms, max ${Math.round(sortedFirst.at(-1) ?? 0)} ms`,
);
console.log(
  `glass-to-glass: p50 ${Math.round(rank(sortedAll, 0.5))} ms, p95 ${Math.round(rank(sortedAll, 0.95))} ms, max ${Math.round(sortedAll.at(-1) ?? 0)} ms over ${sortedAll.length} frames (${unread} unreadable)`,
);
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

await browser.close();
cameras.stopAll();
await link.close();
process.exit(0);
