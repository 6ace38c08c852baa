// The simulated cameras film for real: the packaged ffmpeg renders a window to an H.264 MP4
// (checked by its boxes), and a device answers for windows it does not hold without filming.
import { readFile } from 'node:fs/promises';
import { inspectMp4, isH264Mp4 } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { clipArguments, DEFAULT_ENCODERS, ffmpegPath, setEncoders, withClip } from './camera.ts';
import { Recorder, RING_MS } from './recorder.ts';

const command = (over: Partial<{ camera: number; from: string; to: string }> = {}) => ({
  id: crypto.randomUUID(),
  time: new Date().toISOString(),
  type: 'video-upload' as const,
  camera: 1,
  from: new Date(Date.now() - 20_000).toISOString(),
  to: new Date(Date.now() - 10_000).toISOString(),
  upload_url: 'http://127.0.0.1:9/never',
  expires_at: new Date(Date.now() + 60_000).toISOString(),
  ...over,
});

describe('a simulated camera', () => {
  it('has the encoder shipped in its npm package', () => {
    expect(ffmpegPath()).toMatch(/ffmpeg$/);
  });

  it('renders a window to an H.264 MP4 of 640x360 with the label and the clock burned in', async () => {
    const started = Date.now();
    const from = new Date('2026-11-23T10:00:01Z');
    const request = {
      camera: 3,
      label: `RT-03 "Reach" 100% : O'Brien`,
      from,
      to: new Date(from.getTime() + 4000),
    };
    const info = await withClip(request, async (file) => {
      const bytes = await readFile(file);
      return { ...inspectMp4(bytes.subarray(0, 64 * 1024)), bytes: bytes.length };
    });
    console.log(`camera: 4 s at 640x360 rendered in ${Date.now() - started} ms, ${info.bytes} bytes`);
    expect(isH264Mp4(info as never)).toBe(true);
    expect(info).toMatchObject({ brand: 'isom', complete: true, width: 640, height: 360 });
    expect(info.durationSeconds).toBeCloseTo(4, 0);
    // The clock starts at the window's start, in UTC.
    const args = clipArguments(request, { label: '/tmp/l.txt', out: '/tmp/o.mp4' }).join(' ');
    expect(args).toContain('gmtime\\:1795428001.000\\:');
    expect(args).toContain('-preset ultrafast');
  }, 60_000);
});

describe('the encoder pool', () => {
  it('frees an encoder once its clip is rendered: a slow upload does not hold up the next clip', async () => {
    setEncoders(1);
    try {
      const from = new Date('2026-11-23T10:00:00Z');
      const clip = (camera: number) => ({ camera, label: 'POOL', from, to: new Date(from.getTime() + 1000) });
      let releaseFirst = () => {};
      const firstUploading = new Promise<void>((started) => {
        void withClip(clip(1), () => {
          started();
          return new Promise<void>((resolve) => {
            releaseFirst = resolve;
          });
        });
      });
      await firstUploading;
      // The first clip's upload is still on its way; the one encoder renders the second.
      const second = await withClip(clip(2), async (file) => (await readFile(file)).length);
      expect(second).toBeGreaterThan(0);
      releaseFirst();
    } finally {
      setEncoders(DEFAULT_ENCODERS);
    }
  }, 60_000);
});

describe("a device's recorder", () => {
  const recorder = (now = Date.now()) =>
    new Recorder({
      cameras: 2,
      label: 'FL-01',
      since: now - 3600_000,
      online: async () => {},
      now: () => now,
    });

  it('answers no-recording for a window outside its ring or a camera it does not have, filming nothing', async () => {
    const now = Date.now();
    const r = recorder(now);
    expect(r.ringStart()).toBe(now - RING_MS);
    const old = command({
      from: new Date(now - RING_MS - 60_000).toISOString(),
      to: new Date(now - RING_MS + 10_000).toISOString(),
    });
    expect(await r.answer(old)).toMatchObject({ status: 'failed', reason: 'no-recording' });
    expect(await r.answer(command({ camera: 3 }))).toMatchObject({
      status: 'failed',
      reason: 'no-recording',
    });
    const backwards = command({
      from: new Date(now - 5000).toISOString(),
      to: new Date(now - 9000).toISOString(),
    });
    expect(await r.answer(backwards)).toMatchObject({ status: 'failed', reason: 'no-recording' });
    const farFuture = command({ to: new Date(now + 3600_000).toISOString() });
    expect(await r.answer(farFuture)).toMatchObject({ status: 'failed', reason: 'no-recording' });
  });

  it('answers upload-failed when the address cannot be reached, and a repeated command the same', async () => {
    const r = recorder();
    const c = command({
      from: new Date(Date.now() - 2000).toISOString(),
      to: new Date(Date.now() - 1000).toISOString(),
    });
    const first = await r.answer(c);
    expect(first).toMatchObject({ status: 'failed', reason: 'upload-failed' });
    expect(await r.answer(c)).toBe(first);
  }, 60_000);
});
