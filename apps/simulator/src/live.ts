// A device's live cameras (docs/device-protocol.md): a live-start command makes each
// camera publish H.264 over RTMP to the address it names, from a real encoder (the packaged
// ffmpeg, as for the clips) until a live-stop of the same stream (the server sends one when
// nobody watches any more) or the device goes off the network.
//
// The picture carries the time it was captured, twice: as text (HH:MM:SS.mmm UTC, for people)
// and as a bar of 24 black or white cells along the bottom, the capture time's milliseconds
// modulo 2^24, least significant bit first (for `npm run bench:live`, which reads it from the
// browser's video element and compares it with the clock: glass-to-glass latency). "Captured" is
// when the frame leaves the test source paced to real time (ffmpeg's `realtime` filter), its
// presentation time replaced by the wall clock (`setpts=RTCTIME`): encoding, publishing,
// relaying and playing all come after it.
import { type ChildProcess, spawn } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceCommand } from '@fleetlens/contracts';
import { ffmpegPath } from './camera.ts';

type LiveStart = Extract<DeviceCommand, { type: 'live-start' }>;
type LiveStop = Extract<DeviceCommand, { type: 'live-stop' }>;

const require = createRequire(import.meta.url);
const FONT = '@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff';

/** The time bar: 24 cells of 26 px, 16 px high, 8 px from the left and the bottom. */
export const TIME_BAR = { bits: 24, cell: 26, height: 16, x: 8, bottom: 8, width: 640, height360: 360 };
const FPS = 15;

/**
 * The address with its host resolved here: the packaged (static) ffmpeg crashes resolving a name
 * itself, so it is handed an IP address.
 */
async function resolved(address: string): Promise<string> {
  const url = new URL(address);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return address;
  const { address: ip, family } = await lookup(host, { family: 4 }).catch(() => lookup(host));
  url.hostname = family === 6 ? `[${ip}]` : ip;
  return url.toString();
}

const quoted = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;

/** The ffmpeg arguments that publish one live camera to `url`, its label read from `labelFile`. */
export function liveArguments(camera: number, url: string, labelFile: string): string[] {
  const font = require.resolve(FONT);
  const text = `fontfile=${quoted(font)}:fontsize=20:fontcolor=white:x=10`;
  // Seconds since this UTC midnight, so %{pts:hms} shows the time of day.
  const midnight = Math.floor(Date.now() / 86_400_000) * 86_400;
  const { bits, cell, height, x, bottom } = TIME_BAR;
  const value = `mod(floor(T*1000)\\,${2 ** bits})`;
  const bar = `geq=lum='16+219*mod(floor(${value}/pow(2\\,floor(X/${cell})))\\,2)':cb=128:cr=128`;
  const graph = [
    `[0]realtime,settb=expr=1/1000,setpts=RTCTIME/1000,hue=H=${(camera - 1) * 1.6},split[pic][strip]`,
    `[strip]crop=${bits * cell}:${height}:0:0,${bar}[bar]`,
    `[pic]drawbox=x=0:y=0:w=iw:h=58:color=black@0.6:t=fill,drawtext=${text}:y=8:expansion=none:textfile=${quoted(labelFile)},drawtext=${text}:y=32:text='%{pts\\:hms\\:-${midnight}} UTC'[text]`,
    `[text][bar]overlay=${x}:H-${height + bottom},setpts=PTS-STARTPTS[out]`,
  ].join(';');
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${FPS}`],
    ...['-filter_complex', graph, '-map', '[out]'],
    // One key frame a second: a new viewer's first picture is at most a second away.
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-crf', '30', '-g', String(FPS)],
    ...['-bf', '0', '-pix_fmt', 'yuv420p', '-threads', '1', '-f', 'flv', url],
  ];
}

export interface LiveCamerasOptions {
  /** Burned into the picture beside the camera number. */
  label: string;
  cameras: number;
  log?: (line: string) => void;
}

export class LiveCameras {
  private readonly options: LiveCamerasOptions;
  /** The stream being published, and each camera's encoder. */
  private stream: { key: string; encoders: Map<number, ChildProcess>; folder: Promise<string> } | undefined;

  constructor(options: LiveCamerasOptions) {
    this.options = options;
  }

  /** Starts what is not publishing yet; answers the failure, if any. */
  async start(command: LiveStart): Promise<string | undefined> {
    const binary = ffmpegPath();
    if (!binary) return 'no encoder on this device';
    if (this.stream && this.stream.key !== command.stream) this.stopAll();
    if (!this.stream)
      this.stream = {
        key: command.stream,
        encoders: new Map(),
        folder: mkdtemp(join(tmpdir(), 'fleetlens-live-')),
      };
    const stream = this.stream;
    const folder = await stream.folder;
    for (const { camera, publish_url } of command.cameras) {
      if (camera > this.options.cameras) continue;
      const running = stream.encoders.get(camera);
      if (running && running.exitCode === null) continue;
      const label = join(folder, `label${camera}.txt`);
      await writeFile(label, `${this.options.label} · CAM ${camera} · LIVE`);
      const url = await resolved(publish_url).catch(() => undefined);
      if (!url) return `cannot resolve ${new URL(publish_url).hostname}`;
      const child = spawn(binary, liveArguments(camera, url, label), { stdio: ['ignore', 'ignore', 'pipe'] });
      try {
        // The server and the fleet's messages come first.
        if (child.pid) setPriority(child.pid, 5);
      } catch {
        // Not permitted here: it runs at the normal priority.
      }
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        errors = (errors + chunk.toString()).slice(-500);
      });
      child.once('exit', (code, signal) => {
        if (signal !== 'SIGTERM')
          this.options.log?.(`live camera ${camera} ended (${code ?? signal}): ${errors.trim()}`);
      });
      stream.encoders.set(camera, child);
    }
    this.options.log?.(`live: publishing ${command.cameras.length} camera(s) of ${command.stream}`);
    return undefined;
  }

  stop(command: LiveStop): void {
    if (this.stream?.key === command.stream) this.stopAll();
  }

  /** Stops every camera (the stop command, the network gone, the device switched off). */
  stopAll(): void {
    const stream = this.stream;
    if (!stream) return;
    this.stream = undefined;
    for (const child of stream.encoders.values()) if (child.exitCode === null) child.kill('SIGTERM');
    void stream.folder.then((folder) => rm(folder, { recursive: true, force: true })).catch(() => undefined);
    this.options.log?.(`live: stopped ${stream.key}`);
  }

  get publishing(): boolean {
    return this.stream !== undefined;
  }
}
