// A simulated camera's footage, made by a real H.264 encoder: ffmpeg shipped inside an npm
// package (@ffmpeg-installer), so `npm install && npm start` needs nothing else. Nothing is
// encoded continuously: two cores serve the server and the whole demo fleet, so a window is
// rendered only when a device is asked for it — 640x360, 10 fps, x264 ultrafast, one thread, at a
// lower priority than the server — with the camera, the vehicle and the window's real UTC time
// burned in (the clock runs from the window's start). A few encoders at a time, fleet-wide (a
// bounded pool, `setEncoders`): a burst of events with four cameras each no longer waits for one
// encoder, and a clip is uploaded as soon as it is rendered, its encoder already on the next one
// (figures: docs/decisions/2026-11-26-clip-encoder-pool.md).
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ClipRequest {
  camera: number;
  /** Burned in beside the camera: the vehicle's name (and its device). */
  label: string;
  from: Date;
  to: Date;
}

const require = createRequire(import.meta.url);
const FONT = '@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff';

let encoder: string | null | undefined;

/** The packaged ffmpeg's path, or null when this platform has none (the devices then film nothing). */
export function ffmpegPath(): string | null {
  if (encoder !== undefined) return encoder;
  try {
    const { path } = require('@ffmpeg-installer/ffmpeg') as { path: string };
    // npm may leave the binary without its execute bit when install scripts are not allowed.
    try {
      accessSync(path, constants.X_OK);
    } catch {
      chmodSync(path, 0o755);
    }
    encoder = path;
  } catch {
    encoder = null;
  }
  return encoder;
}

/** A filter-graph value in single quotes: only the quote itself needs care. */
const quoted = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;

/** The ffmpeg arguments that render one camera's window to `out` (an MP4 with moov at the front). */
export function clipArguments(request: ClipRequest, files: { label: string; out: string }): string[] {
  const seconds = Math.max(0.1, (request.to.getTime() - request.from.getTime()) / 1000);
  const start = (request.from.getTime() / 1000).toFixed(3);
  const font = require.resolve(FONT);
  const text = `fontfile=${quoted(font)}:fontsize=18:fontcolor=white:x=10`;
  // %{pts:gmtime:<start>:<format>}: the frame's time from the window's start, in UTC.
  const clock = `%{pts\\:gmtime\\:${start}\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S} UTC`;
  const filters = [
    // Each camera its own colours, so side by side they are told apart at a glance.
    `hue=H=${(request.camera - 1) * 1.6}`,
    'drawbox=x=0:y=0:w=iw:h=52:color=black@0.6:t=fill',
    // The label from a file, untouched: a vehicle's name may hold quotes, colons or percent signs.
    `drawtext=${text}:y=8:expansion=none:textfile=${quoted(files.label)}`,
    `drawtext=${text}:y=30:text='${clock}'`,
  ];
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=10:duration=${seconds.toFixed(1)}`],
    ...['-vf', filters.join(',')],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-g', '20', '-pix_fmt', 'yuv420p'],
    ...['-threads', '1', '-movflags', '+faststart', '-f', 'mp4', files.out],
  ];
}

/** Encoders one process runs at once: one per core of the demo's two, measured best there. */
export const DEFAULT_ENCODERS = 2;
let encoders = Number(process.env.SIMULATOR_ENCODERS) || DEFAULT_ENCODERS;
let busy = 0;
const waiting: (() => void)[] = [];

/** Sets how many clips render at once (the bench compares sizes). */
export function setEncoders(n: number): void {
  encoders = Math.max(1, Math.floor(n));
  while (busy < encoders && waiting.length > 0) {
    busy += 1;
    waiting.shift()?.();
  }
}

async function encoderSlot(): Promise<() => void> {
  if (busy < encoders) busy += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const next = waiting.shift();
    // The slot passes straight to the next clip waiting; none waiting, it is free.
    if (next) next();
    else busy -= 1;
  };
}

/**
 * Renders the window to an MP4 in a fresh temporary folder and hands its path to `use`; the
 * folder is removed afterwards. Clips wait for one of the pool's encoders, which is free again
 * once the clip is rendered: `use` (the upload) does not hold it.
 */
export async function withClip<T>(request: ClipRequest, use: (file: string) => Promise<T>): Promise<T> {
  const binary = ffmpegPath();
  if (!binary) throw new Error('no ffmpeg for this platform');
  const folder = await mkdtemp(join(tmpdir(), 'fleetlens-camera-'));
  try {
    const files = { label: join(folder, 'label.txt'), out: join(folder, `cam${request.camera}.mp4`) };
    await writeFile(files.label, `${request.label} · CAM ${request.camera}`);
    const free = await encoderSlot();
    try {
      await run(binary, clipArguments(request, files));
    } finally {
      free();
    }
    return await use(files.out);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function run(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      // The server and the fleet's messages come first; a clip may take a moment longer.
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Not permitted here: it runs at the normal priority.
    }
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors.trim()}`)),
    );
  });
}
