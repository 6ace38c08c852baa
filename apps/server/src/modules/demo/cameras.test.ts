// The simulated devices' cameras upload for real: a video-upload command's window is rendered by
// the packaged ffmpeg and PUT to a signed address — our own (the local store's route, over HTTP)
// and an S3-compatible server's when one is named (CI) — and what arrives is an H.264 MP4. Last,
// a whole simulated device gets the command over MQTT and uploads it.
import { randomUUID } from 'node:crypto';
import { deviceTopic, inspectMp4, isH264Mp4 } from '@fleetlens/contracts';
import { Recorder, startFleet } from '@fleetlens/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newObjectKey } from '../../platform/objectKeys.ts';
import { createS3Storage } from '../../platform/storage.s3.ts';
import { s3TestSettings } from '../../platform/storage.testing.ts';
import { type ObjectStorage, objectStorage } from '../../platform/storage.ts';
import { oneTimeUploads } from '../../platform/uploads.ts';
import { freePort, isOnline, registerTestDevice } from '../../testing/deviceLink.ts';
import { PUBLIC_URL, type StoringHarness, startHarness, storingIn } from '../../testing/harness.ts';

let h: StoringHarness;
let local: ObjectStorage;
let origin = '';
let mqttPort = 0;
let fleet: ReturnType<typeof startFleet> | undefined;

beforeAll(async () => {
  mqttPort = await freePort();
  h = await storingIn('cameras', (env) =>
    startHarness({ ...env, MQTT_ENABLED: 'true', MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1' }),
  );
  local = objectStorage(loadConfig({ NODE_ENV: 'test', PUBLIC_URL, DATA_DIR: h.dataDir }), h.database);
  // A real HTTP server: the device's PUT goes over the network, as a device's does.
  origin = await h.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await fleet?.stop();
  await h?.close();
});

const device = () =>
  new Recorder({
    cameras: 2,
    label: 'FL-01 Counterbalance (9000000001)',
    since: Date.now() - 60_000,
    online: async () => {},
  });

function command(camera: number, uploadUrl: string, seconds = 3) {
  const to = Date.now() - 1000;
  return {
    id: randomUUID(),
    time: new Date().toISOString(),
    type: 'video-upload' as const,
    camera,
    from: new Date(to - seconds * 1000).toISOString(),
    to: new Date(to).toISOString(),
    upload_url: uploadUrl,
    expires_at: new Date(Date.now() + 300_000).toISOString(),
  };
}

const clipKey = (camera: number) =>
  newObjectKey(
    'clips',
    new Date(),
    `cam${camera}_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}.mp4`,
  );

/** A one-time upload address of the store, as the events module hands one out with a command. */
const uploadAddress = (storage: ObjectStorage, camera: number) =>
  oneTimeUploads(h.database, storage).issue({
    like: clipKey(camera),
    owner: randomUUID(),
    contentType: 'video/mp4',
    seconds: 300,
  });

/** The device answers completed, and the store holds an H.264 MP4 of the size it reported. */
async function uploadsTo(storage: ObjectStorage, signed: (url: string) => string) {
  const recorder = device();
  for (const camera of [1, 2]) {
    const { key, url } = await uploadAddress(storage, camera);
    const c = command(camera, signed(url));
    const answer = await recorder.answer(c);
    expect(answer).toEqual({
      status: 'completed',
      video: { camera, bytes: expect.any(Number), from: c.from, to: c.to },
    });
    const head = await storage.head(key);
    expect(head).toEqual({ bytes: answer.video?.bytes, contentType: 'video/mp4' });
    const info = inspectMp4((await storage.readStart(key, 64 * 1024)) ?? new Uint8Array());
    expect(isH264Mp4(info)).toBe(true);
    expect(info?.durationSeconds).toBeCloseTo(3, 0);
  }
}

describe("a simulated device's cameras", () => {
  it('upload a window of each camera to a signed address of the local store', async () => {
    await uploadsTo(local, (url) => url.replace(PUBLIC_URL, origin));
  }, 60_000);

  it('answer upload-failed when the address is refused or has expired, and store nothing', async () => {
    const issued = await uploadAddress(local, 1);
    const key = issued.key;
    const url = issued.url.replace(PUBLIC_URL, origin);
    const tampered = url.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
    expect(await device().answer(command(1, tampered, 1))).toMatchObject({
      status: 'failed',
      reason: 'upload-failed',
      error: expect.stringContaining('403'),
    });
    const expired = { ...command(1, url, 1), expires_at: new Date(Date.now() - 1000).toISOString() };
    expect(await device().answer(expired)).toMatchObject({ status: 'failed', reason: 'upload-failed' });
    expect(await local.head(key)).toBeNull();
  }, 60_000);

  const s3 = s3TestSettings();
  it.skipIf(!s3 && process.env.REQUIRE_S3 !== '1')(
    'upload to a signed address of the S3-compatible server',
    async () => {
      expect(s3, 'REQUIRE_S3=1 but no S3_TEST_ENDPOINT').toBeDefined();
      await uploadsTo(createS3Storage(s3 as NonNullable<typeof s3>), (url) => url);
    },
    60_000,
  );
});

describe('a simulated device', () => {
  it('takes a video-upload command over MQTT and uploads the window, its answers valid protocol messages', async () => {
    const device = await registerTestDevice(h.database, await h.companyId('harbor'));
    fleet = startFleet(
      [
        {
          deviceId: device.deviceId,
          secret: device.secret,
          cards: [],
          cameraIds: ['CAM-A', 'CAM-B', 'CAM-C'],
        },
      ],
      { url: `mqtt://127.0.0.1:${mqttPort}`, tickMs: 200, offlineChance: 0 },
    );
    await expect.poll(() => isOnline(h.database, device.pk), { timeout: 20_000 }).toBe(true);
    // A window the device has recorded since it started (the events module sends these).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const { key, url } = await uploadAddress(local, 3);
    const c = command(3, url.replace(PUBLIC_URL, origin), 2);
    expect(await h.deviceLink.publish(deviceTopic(device.deviceId, 'commands'), JSON.stringify(c))).toBe(
      true,
    );
    await expect.poll(() => local.head(key), { timeout: 30_000 }).not.toBeNull();
    expect(isH264Mp4(inspectMp4((await local.readStart(key, 64 * 1024)) ?? new Uint8Array()))).toBe(true);
    // Its answers are valid messages of the protocol: nothing was refused.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const letters = await h.database.query('SELECT reason FROM dead_letters WHERE device_id = $1', [
      device.deviceId,
    ]);
    expect(letters).toEqual([]);
  }, 60_000);
});
