import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AckStatus, FirmwareUpdater, faultOf } from './firmware.ts';

const IMAGE = Buffer.alloc(200_000, 7);
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/missing') {
      response.statusCode = 403;
      response.end();
      return;
    }
    response.end(IMAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const command = (path = '/image', deadlineMs = 60_000) => ({
  id: randomUUID(),
  time: new Date().toISOString(),
  type: 'firmware-update' as const,
  firmware: {
    file_name: 'dv426_upgrade_20261201.8701_fk_Rename',
    device_type: 'dv426' as const,
    version: 8701,
    size: IMAGE.length,
    sha256: createHash('sha256').update(IMAGE).digest('hex'),
  },
  download_url: `${base}${path}`,
  expires_at: new Date(Date.now() + 3600_000).toISOString(),
  install_when: 'vehicle-stopped' as const,
  deadline: new Date(Date.now() + deadlineMs).toISOString(),
});

function device(fault: 'corrupt-download' | 'hang' | undefined, running: () => boolean) {
  const acks: { status: AckStatus; extra: Record<string, unknown> }[] = [];
  let version = '8690';
  const updater = new FirmwareUpdater({
    version: () => version,
    install: (v) => {
      version = v;
    },
    running,
    ack: (_id, status, extra = {}) => acks.push({ status, extra: extra as Record<string, unknown> }),
    fault,
    installMs: 1,
    pollMs: 5,
  });
  return { updater, acks, version: () => version };
}

const steps = (acks: { extra: Record<string, unknown> }[]) =>
  acks.map((a) => (a.extra.firmware as { step?: string } | undefined)?.step).filter(Boolean);

describe('a simulated device updating its firmware', () => {
  it('downloads, checks the checksum, waits for its vehicle to stop, installs and reports its new version', async () => {
    let running = true;
    const d = device(undefined, () => running);
    const update = command();
    const done = d.updater.handle(update);
    // It does not install while the vehicle runs: it says it waits, and waits.
    while (!steps(d.acks).includes('waiting-for-stop')) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    expect(steps(d.acks)).not.toContain('installing');
    expect(d.version()).toBe('8690');
    running = false;
    await done;
    const percents = d.acks
      .map((a) => (a.extra.firmware as { percent?: number } | undefined)?.percent)
      .filter((p) => p !== undefined);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect([...new Set(steps(d.acks))]).toEqual([
      'downloading',
      'waiting-for-stop',
      'installing',
      'rebooted',
    ]);
    expect(d.acks.at(-1)).toEqual({ status: 'completed', extra: { firmware: { version: '8701' } } });
    expect(d.version()).toBe('8701');
    // The command sent again is answered again, not applied twice.
    const before = d.acks.length;
    await d.updater.handle(update);
    expect(d.acks.slice(before)).toEqual([{ status: 'completed', extra: { firmware: { version: '8701' } } }]);
  });

  it('refuses a download that does not match its SHA-256, and never installs it', async () => {
    const d = device('corrupt-download', () => false);
    await d.updater.handle(command());
    expect(d.acks.at(-1)).toMatchObject({
      status: 'failed',
      extra: { firmware: { failure: 'checksum-mismatch' } },
    });
    expect(steps(d.acks)).not.toContain('installing');
    expect(d.version()).toBe('8690');
  });

  it('gives up when its vehicle runs past the deadline, and says why when the download is refused', async () => {
    const late = device(undefined, () => true);
    await late.updater.handle(command('/image', 50));
    expect(late.acks.at(-1)).toMatchObject({
      status: 'failed',
      extra: { firmware: { failure: 'time-out' } },
    });
    const refused = device(undefined, () => false);
    await refused.updater.handle(command('/missing'));
    expect(refused.acks.at(-1)).toMatchObject({
      status: 'failed',
      extra: { firmware: { failure: 'download-failed' } },
    });
  });

  it('hangs in the install when its fault says so: it answers nothing more', async () => {
    const d = device('hang', () => false);
    await d.updater.handle(command());
    expect(steps(d.acks).at(-1)).toBe('installing');
    expect(d.acks.every((a) => a.status === 'received')).toBe(true);
  });

  it('fails some devices of a fleet, the same ones each run', () => {
    const ids = Array.from({ length: 200 }, (_, i) => String(7300000000 + i));
    const faults = ids.map(faultOf);
    expect(faults.filter((f) => f === 'corrupt-download').length).toBeGreaterThan(10);
    expect(faults.filter((f) => f === 'hang').length).toBeGreaterThan(5);
    expect(faults.filter((f) => f === undefined).length).toBeGreaterThan(140);
    expect(ids.map(faultOf)).toEqual(faults);
  });
});
