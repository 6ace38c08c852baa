// A device's recorder: its cameras record all the time into a ring of the last RING_MS, and a
// video-upload command (docs/device-protocol.md) makes it render that window of one camera
// (camera.ts), PUT the MP4 to the signed address and answer completed with what it sent, or
// failed with a reason: no-recording (the window is not in the ring, or the camera does not
// exist), busy (too many uploads waiting), upload-failed (the address refused it, expired, or the
// network stayed down). A window that ends in the future is waited for. A command seen before
// is answered with the first answer, not uploaded twice.
import { readFile } from 'node:fs/promises';
import type { DeviceCommand, DeviceCommandAck } from '@fleetlens/contracts';
import { withClip } from './camera.ts';

type VideoUploadCommand = Extract<DeviceCommand, { type: 'video-upload' }>;
export type VideoAnswer = Pick<DeviceCommandAck, 'status' | 'reason' | 'error' | 'video'>;

/** How far back a device keeps its recording. */
export const RING_MS = 30 * 60_000;
/** Uploads one device lets wait before it answers busy. */
const MAX_WAITING = 8;
/** The longest a window that ends in the future is waited for. */
const MAX_WAIT_MS = 6 * 60_000;
const UPLOAD_TIMEOUT_MS = 60_000;

export interface RecorderOptions {
  cameras: number;
  /** Burned into the picture beside the camera number. */
  label: string;
  /** When the device started recording (it boots with the vehicle). */
  since: number;
  /** Resolves when the network is back (at once when online). */
  online: () => Promise<void>;
  now?: () => number;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Recorder {
  private readonly options: RecorderOptions;
  private readonly answers = new Map<string, Promise<VideoAnswer>>();
  private waiting = 0;

  constructor(options: RecorderOptions) {
    this.options = options;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The start of what the ring holds now. */
  ringStart(): number {
    return Math.max(this.options.since, this.now() - RING_MS);
  }

  /** Answers the command (once per command id). */
  answer(command: VideoUploadCommand): Promise<VideoAnswer> {
    let answer = this.answers.get(command.id);
    if (!answer) {
      answer = this.handle(command);
      this.answers.set(command.id, answer);
      // Forget old commands; the server does not resend after a few minutes.
      if (this.answers.size > 200) this.answers.delete(this.answers.keys().next().value as string);
    }
    return answer;
  }

  private async handle(command: VideoUploadCommand): Promise<VideoAnswer> {
    const from = Date.parse(command.from);
    const to = Date.parse(command.to);
    const failed = (reason: VideoAnswer['reason'], error: string): VideoAnswer => ({
      status: 'failed',
      reason,
      error,
    });
    if (command.camera > this.options.cameras)
      return failed('no-recording', `this device has ${this.options.cameras} camera(s)`);
    // A second of slack: the ring's edge moves while the command travels.
    if (!(to > from) || from < this.ringStart() - 1000 || to - this.now() > MAX_WAIT_MS)
      return failed('no-recording', 'the window is not in the recording');
    if (this.waiting >= MAX_WAITING) return failed('busy', 'too many uploads waiting');
    this.waiting += 1;
    try {
      // Recording goes on: a window that ends later is uploaded once it is recorded.
      if (to > this.now()) await sleep(to - this.now());
      const label = this.options.label;
      return await withClip(
        { camera: command.camera, label, from: new Date(from), to: new Date(to) },
        (file) => this.upload(command, file),
      );
    } catch (error) {
      return failed('upload-failed', (error as Error).message.slice(0, 500));
    } finally {
      this.waiting -= 1;
    }
  }

  private async upload(command: VideoUploadCommand, file: string): Promise<VideoAnswer> {
    const body = await readFile(file);
    await this.options.online();
    if (Date.parse(command.expires_at) <= this.now())
      return { status: 'failed', reason: 'upload-failed', error: 'the upload address expired' };
    const response = await fetch(command.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 200);
      return {
        status: 'failed',
        reason: 'upload-failed',
        error: `PUT answered ${response.status} ${detail}`,
      };
    }
    this.options.log?.(
      `camera ${command.camera}: ${body.length} bytes uploaded (${command.from} to ${command.to})`,
    );
    return {
      status: 'completed',
      video: { camera: command.camera, bytes: body.length, from: command.from, to: command.to },
    };
  }
}
