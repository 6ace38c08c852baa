// A simulated device's firmware updates (docs/device-protocol.md, "Firmware update"): it downloads
// the file from the signed address, checks its SHA-256, waits until its vehicle stands, installs,
// reboots and reports the version it runs, each step on command-acks. Some devices fail, as real
// ones do: a download that arrives corrupted (checksum-mismatch), or an install that never ends,
// which the server times out.
import { createHash } from 'node:crypto';
import type { DeviceCommand } from '@fleetlens/contracts';

type FirmwareUpdate = Extract<DeviceCommand, { type: 'firmware-update' }>;
export type AckStatus = 'received' | 'completed' | 'failed';
/** How a device's update goes wrong, or undefined when it goes well. */
export type FirmwareFault = 'corrupt-download' | 'hang' | undefined;

export interface FirmwareDeps {
  /** The firmware version the device runs now. */
  version: () => string;
  /** Runs the new version: the device reports it in its status. */
  install: (version: string) => void;
  /** Whether the vehicle is running (no install then). */
  running: () => boolean;
  ack: (commandId: string, status: AckStatus, extra?: object) => void;
  fault: FirmwareFault;
  /** Fetches the file (the download address may need rewriting to reach the server). */
  fetch?: (url: string) => Promise<Response>;
  /** How long installing and rebooting take, ms. */
  installMs?: number;
  /** How often the device looks whether its vehicle stopped, ms. */
  pollMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

/** The fault of a device, fixed by its id: about one in seven downloads corrupted, one in eleven hangs. */
export function faultOf(deviceId: string): FirmwareFault {
  const hash = createHash('sha256').update(deviceId).digest().readUInt32BE(0);
  if (hash % 7 === 3) return 'corrupt-download';
  if (hash % 11 === 5) return 'hang';
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FirmwareUpdater {
  private readonly deps: FirmwareDeps;
  /** Updates by command id: a command sent again is answered again, never applied twice. */
  private readonly handled = new Map<string, { status: AckStatus; extra: object } | 'working'>();

  constructor(deps: FirmwareDeps) {
    this.deps = deps;
  }

  /** Handles a firmware-update command; resolves once it is answered for good (or hangs on). */
  async handle(command: FirmwareUpdate): Promise<void> {
    const done = this.handled.get(command.id);
    if (done === 'working') return;
    if (done) {
      this.deps.ack(command.id, done.status, done.extra);
      return;
    }
    this.handled.set(command.id, 'working');
    const end = (status: AckStatus, extra: object) => {
      this.handled.set(command.id, { status, extra });
      this.deps.ack(command.id, status, extra);
    };
    try {
      const result = await this.update(command);
      if (result) end(result.status, result.extra);
    } catch (error) {
      end('failed', { firmware: { failure: 'download-failed' }, error: String(error).slice(0, 200) });
    }
  }

  private async update(command: FirmwareUpdate): Promise<{ status: AckStatus; extra: object } | undefined> {
    const { ack, log } = this.deps;
    const now = this.deps.now ?? Date.now;
    const deadline = Date.parse(command.deadline);
    const step = (firmware: object) => ack(command.id, 'received', { firmware });
    step({ step: 'downloading', percent: 0 });
    const response = await (this.deps.fetch ?? fetch)(command.download_url);
    if (!response.ok || !response.body)
      return {
        status: 'failed',
        extra: {
          firmware: { failure: 'download-failed' },
          error: `the download answered ${response.status}`,
        },
      };
    const hash = createHash('sha256');
    let bytes = 0;
    let reported = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const data = Buffer.from(chunk);
      if (this.deps.fault === 'corrupt-download' && bytes === 0 && data.length > 0)
        data[0] = (data[0] ?? 0) ^ 0xff;
      hash.update(data);
      bytes += data.length;
      const percent = Math.min(100, Math.floor((bytes * 100) / command.firmware.size));
      if (percent - reported >= 25) {
        reported = percent;
        step({ step: 'downloading', percent });
      }
    }
    if (hash.digest('hex') !== command.firmware.sha256) {
      log?.(`firmware ${command.firmware.version}: the download does not match its SHA-256`);
      return {
        status: 'failed',
        extra: {
          firmware: { failure: 'checksum-mismatch' },
          error: 'SHA-256 of the download does not match',
        },
      };
    }
    step({ step: 'downloading', percent: 100 });
    // Never while the vehicle runs: a device rebooting under a lifting or driving vehicle is lost.
    if (this.deps.running()) step({ step: 'waiting-for-stop' });
    while (this.deps.running()) {
      if (now() > deadline)
        return {
          status: 'failed',
          extra: { firmware: { failure: 'time-out' }, error: 'the vehicle did not stop before the deadline' },
        };
      await sleep(this.deps.pollMs ?? 1000);
    }
    step({ step: 'installing' });
    // A device whose install hangs never answers again: the server times it out.
    if (this.deps.fault === 'hang') {
      log?.(`firmware ${command.firmware.version}: the install hangs`);
      return undefined;
    }
    await sleep(this.deps.installMs ?? 3000);
    const version = String(command.firmware.version);
    this.deps.install(version);
    step({ step: 'rebooted', version });
    log?.(`firmware ${version} installed`);
    return { status: 'completed', extra: { firmware: { version } } };
  }
}
