// A live camera test's world: the video harness with the media engine, one vehicle whose device
// streams with the simulator's live cameras (real ffmpeg publishing RTMP), what the device was
// sent, and the few moves the tests make: set the company's limits, forget earlier runs of
// watching, start a view, and play a stream as a player does.
import type { DeviceCommand } from '@fleetlens/contracts';
import { LiveCameras } from '@fleetlens/simulator';
import { afterAll, beforeAll } from 'vitest';
import {
  startVideoHarness,
  streamWithLiveCameras,
  type TestDevice,
  until,
  type VideoHarness,
} from './deviceLink.ts';
import { perFile } from './perFile.ts';

export interface LiveWorld {
  link: VideoHarness;
  device: () => TestDevice;
  /** Every command the device received, in order. */
  commands: DeviceCommand[];
  /** The device's cameras, publishing while a live-start holds. */
  cameras: LiveCameras;
}

/** The harness and a streaming device for the tests of a file (two cameras). */
export function liveWorld(label: string): LiveWorld {
  const link = perFile(() => startVideoHarness({ media: true }));
  const cameras = new LiveCameras({ label, cameras: 2 });
  const commands: DeviceCommand[] = [];
  let device: TestDevice | undefined;
  beforeAll(async () => {
    device = await link.addDevice(2);
    await streamWithLiveCameras(await link.signIn(device), device, cameras, (command) =>
      commands.push(command),
    );
    await link.untilOnline(device);
  }, 60_000);
  afterAll(() => cameras.stopAll());
  return {
    link,
    commands,
    cameras,
    device: () => {
      if (!device) throw new Error('the device is not registered yet');
      return device;
    },
  };
}

/** The company's limits: continuous, this month's remaining (the monthly maximum an hour). */
export const setLiveLimits = (world: LiveWorld, continuous: number, remaining: number) =>
  world.link.h.as('support').put(`/customers/${world.link.customerId}/live-settings`, {
    live_continuous_seconds: continuous,
    live_monthly_max_seconds: 3600,
    live_remaining_seconds: remaining,
  });

/** Moves every view of the company an hour back: whatever was watched is past its pause. */
export async function forgetRuns(world: LiveWorld): Promise<void> {
  await world.link.h.database.query(
    `UPDATE live_camera_views SET started_at = started_at - interval '1 hour',
            counted_until = counted_until - interval '1 hour', seen_at = seen_at - interval '1 hour',
            ended_at = coalesce(ended_at, now()) - interval '1 hour', end_reason = coalesce(end_reason, 'stopped')
      WHERE customer_id = $1`,
    [world.link.customerId],
  );
}

/** The view's row: what the server counted. */
export async function viewRow(world: LiveWorld, id: string) {
  const [row] = await world.link.h.database.query<{
    watched_seconds: number;
    allowed_seconds: number;
    end_reason: string | null;
  }>('SELECT watched_seconds, allowed_seconds, end_reason FROM live_camera_views WHERE id = $1', [id]);
  if (!row) throw new Error(`no view ${id}`);
  return row;
}

export async function remainingSeconds(world: LiveWorld): Promise<number> {
  const [row] = await world.link.h.database.query<{ remaining: number }>(
    'SELECT live_remaining_seconds AS remaining FROM customers WHERE id = $1',
    [world.link.customerId],
  );
  return row?.remaining ?? Number.NaN;
}

/**
 * Plays the stream at `url` as a player that never beats: reads whatever comes for `ms` (or until
 * the server ends it, or `enough` bytes came), then leaves. Answers how long it was open, how many
 * bytes came, and whether the server ended it.
 */
export async function play(world: LiveWorld, url: string, ms: number, enough = Number.POSITIVE_INFINITY) {
  const opened = performance.now();
  const response = await fetch(`${world.link.httpBase}${url}`);
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let endedByServer = false;
  // The FLV header (13 bytes) comes at once; the first picture when the device publishes.
  let pictureAt: number | undefined;
  const deadline = setTimeout(() => void reader.cancel(), ms);
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) {
      endedByServer = performance.now() - opened < ms - 5;
      break;
    }
    bytes += value?.length ?? 0;
    if (bytes > 13) pictureAt ??= performance.now();
    if (bytes >= enough) {
      await reader.cancel();
      break;
    }
  }
  clearTimeout(deadline);
  const closed = performance.now();
  return {
    seconds: (closed - opened) / 1000,
    /** From the first picture to the end: what the viewer watched. */
    pictureSeconds: (closed - (pictureAt ?? closed)) / 1000,
    bytes,
    endedByServer,
  };
}

/** Starts a view of the world's vehicle as the manager and waits for the device to be asked. */
export async function startView(world: LiveWorld) {
  const started = await world.link.h
    .as('manager')
    .post(`/vehicles/${world.device().vehicleId}/live-camera`, {});
  if (started.status === 201)
    await until('a live-start sent', async () => world.commands.some((c) => c.type === 'live-start'));
  return started;
}
