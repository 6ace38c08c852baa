// The health answer names each part with its state. The media engine's RTMP port taken at start:
// `/healthz` still answers 200 (the essentials are up) but shows the engine down, and starting a
// live camera says the service is unavailable, not that an online vehicle is offline. The
// database down: 503, so probes take the replica out.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type LinkHarness, startLinkHarness, type TestDevice } from '../testing/deviceLink.ts';

let link: LinkHarness;
let taken: Server;
let device: TestDevice;

beforeAll(async () => {
  const port = await freePort();
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
  link = await startLinkHarness({
    MEDIA_ENABLED: 'true',
    MEDIA_RTMP_PORT: String(port),
    MEDIA_HOST: '127.0.0.1',
  });
  device = await link.addDevice(2);
  await link.signIn(device);
  await link.untilOnline(device);
}, 120_000);
afterAll(async () => {
  await link?.close().catch(() => undefined);
  taken?.close();
});

describe('the health answer', () => {
  it('shows each part, the media engine down, and stays 200 while the database answers', async () => {
    const res = await link.h.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      parts: { database: 'up', broker: 'up', media: 'down', storage: 'up', mail: 'off' },
    });
  });

  it('answers that the live camera service is unavailable when its engine is not running', async () => {
    const en = await link.h.as('manager').post(`/vehicles/${device.vehicleId}/live-camera`, {});
    expect(en.status).toBe(503);
    expect(en.body.message).toBe('The live camera service is unavailable. Try again later.');
    const ja = await link.h
      .as('manager', { lang: 'ja' })
      .post(`/vehicles/${device.vehicleId}/live-camera`, {});
    expect(ja.status).toBe(503);
    expect(ja.body.message).toBe(
      'ライブカメラのサービスを利用できません。しばらくしてから再度お試しください。',
    );
  });

  it('answers 503 when the database is down', async () => {
    await link.h.database.close();
    const res = await link.h.app.inject('/healthz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', parts: { database: 'down' } });
  });
});
