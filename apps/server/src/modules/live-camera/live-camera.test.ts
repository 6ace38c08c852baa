// Live camera end to end: a device on a real MQTT connection answers live-start with the
// simulator's live cameras (real ffmpeg publishing RTMP to the embedded media engine), and the
// manager's signed stream address answers FLV. The continuous limit ends the view ("Live camera
// stopped (retry)"), the watched time leaves the month's remaining time, an offline vehicle, a
// company without l-video, a user without camera:view and a forged address are refused, and the
// last view's end stops the device's stream.
import type { AddressInfo } from 'node:net';
import { type DeviceCommand, deviceTopic } from '@fleetlens/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveCameras } from '../../../../simulator/src/live.ts';
import {
  freePort,
  type LinkHarness,
  registerTestDevice,
  startLinkHarness,
  type TestDevice,
  until,
} from '../../testing/deviceLink.ts';
import type { Harness } from '../../testing/harness.ts';

let link: LinkHarness;
let h: Harness;
let httpBase = '';
let device: TestDevice;
let client: MqttClient;
const cameras = new LiveCameras({ label: 'test', cameras: 2 });
const commands: DeviceCommand[] = [];

beforeAll(async () => {
  const rtmp = await freePort();
  link = await startLinkHarness({
    MEDIA_ENABLED: 'true',
    MEDIA_RTMP_PORT: String(rtmp),
    MEDIA_HOST: '127.0.0.1',
    // The harness's public address is a name nobody resolves.
    MEDIA_PUBLISH_URL: `rtmp://127.0.0.1:${rtmp}/live`,
  });
  h = link.h;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  httpBase = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  device = await registerTestDevice(h.database, link.customerId);
  for (const position of [1, 2])
    await h.database.query(
      'INSERT INTO device_cameras (device_pk, customer_id, position, camera_id) SELECT id, customer_id, $2, $3 FROM devices WHERE id = $1',
      [device.pk, position, `${device.deviceId}-live${position}`],
    );
  client = await link.signIn(device);
  let n = 0;
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString('utf8')) as DeviceCommand;
    commands.push(command);
    const ack = (status: string) => {
      n += 1;
      void client.publishAsync(
        deviceTopic(device.deviceId, 'command-acks'),
        JSON.stringify({
          id: `live-ack-${n}`,
          time: new Date().toISOString(),
          command_id: command.id,
          status,
        }),
        { qos: 1 },
      );
    };
    if (command.type === 'live-start') void cameras.start(command).then(() => ack('completed'));
    if (command.type === 'live-stop') {
      cameras.stop(command);
      ack('completed');
    }
  });
  await client.subscribeAsync(deviceTopic(device.deviceId, 'commands'), { qos: 1 });
  await until('the device online', async () => {
    const [row] = await h.database.query<{ online: boolean }>(
      'SELECT online FROM device_states WHERE device_pk = $1',
      [device.pk],
    );
    return row?.online === true;
  });
}, 60_000);
afterAll(async () => {
  cameras.stopAll();
  // The test's fetch leaves a spare keep-alive connection that never sent a request: the server
  // would wait for it until its keep-alive timeout (72 s) before closing.
  h?.app.server.closeAllConnections();
  await link?.close();
});

const setLimits = (continuous: number, remaining: number) =>
  h.as('support').put(`/customers/${link.customerId}/live-settings`, {
    live_continuous_seconds: continuous,
    live_monthly_max_seconds: 3600,
    live_remaining_seconds: remaining,
  });

describe('live camera', () => {
  it('streams every camera through signed addresses, counts the time, and stops at the continuous limit', async () => {
    expect((await setLimits(4, 600)).status).toBe(200);
    const target = await h.as('manager').get(`/vehicles/${device.vehicleId}/live-camera`);
    expect(target.body.data).toMatchObject({ cameras: 2, online: true, limits: { continuous_seconds: 4 } });

    const started = await h.as('manager').post(`/vehicles/${device.vehicleId}/live-camera`, {});
    expect(started.status).toBe(201);
    const view = started.body.data;
    expect(view).toMatchObject({
      state: 'playing',
      allowed_seconds: 4,
      streams: [{ camera: 1 }, { camera: 2 }],
    });
    await until('the live-start sent', async () => commands.some((c) => c.type === 'live-start'));

    // The signed address answers FLV from the device's encoder ("FLV" then tags).
    const response = await fetch(`${httpBase}${view.streams[0].url}`);
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let bytes = 0;
    let head = '';
    while (bytes < 20_000) {
      const { value, done } = await reader.read();
      if (done) break;
      if (!head) head = Buffer.from(value).subarray(0, 3).toString();
      bytes += value.length;
    }
    expect(head).toBe('FLV');
    expect(bytes).toBeGreaterThanOrEqual(20_000);

    // Forged or another view's address: refused.
    const forged = await fetch(`${httpBase}${view.streams[0].url.replace(/token=./, 'token=x')}`);
    expect(forged.status).toBe(403);

    // Heartbeats count until the limit ends it.
    let status = view;
    await until(
      'the continuous limit reached',
      async () => {
        status = (await h.as('manager').post(`/live-camera/views/${view.id}/heartbeat`, {})).body.data;
        return status.state === 'ended';
      },
      15_000,
    );
    expect(status).toMatchObject({ end_reason: 'limit', watched_seconds: 4 });
    const [customer] = await h.database.query<{ remaining: number }>(
      'SELECT live_remaining_seconds AS remaining FROM customers WHERE id = $1',
      [link.customerId],
    );
    expect(customer?.remaining).toBe(596);
    await reader.cancel();

    // Who watched is listed; the sweep then stops the stream nobody watches.
    const history = await h.as('manager').get(`/live-camera/views?vehicle_id=${device.vehicleId}`);
    expect(history.body.data.list[0]).toMatchObject({
      user_name: 'manager',
      end_reason: 'limit',
      watched_seconds: 4,
    });
    await until('the live-stop sent', async () => commands.some((c) => c.type === 'live-stop'), 20_000);
    expect(cameras.publishing).toBe(false);
  }, 60_000);

  it('refuses a vehicle offline, a company without l-video, a user without camera:view, and no time left', async () => {
    const offline = await registerTestDevice(h.database, link.customerId);
    const refused = await h.as('manager').post(`/vehicles/${offline.vehicleId}/live-camera`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The vehicle is offline. Try again later.');

    expect((await setLimits(60, 0)).status).toBe(200);
    const none = await h.as('manager', { lang: 'ja' }).post(`/vehicles/${device.vehicleId}/live-camera`, {});
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('今月のライブカメラの再生可能時間が残っていません。');

    const operator = await h.as('operator').get(`/vehicles/${device.vehicleId}/live-camera`);
    expect(operator.status).toBe(403);

    await h.database.query(
      "UPDATE customers SET functions = array_remove(functions, 'l-video') WHERE id = $1",
      [link.customerId],
    );
    const off = await h.as('manager').get(`/vehicles/${device.vehicleId}/live-camera`);
    expect(off.status).toBe(403);
    await h.database.query(
      "UPDATE customers SET functions = array_append(functions, 'l-video') WHERE id = $1",
      [link.customerId],
    );
  });

  it('starts a new month from the monthly maximum, on the company page as for the viewer', async () => {
    expect((await setLimits(60, 100)).status).toBe(200);
    // Nobody has watched since last month: what was left then is not this month's time.
    await h.database.query(
      "UPDATE customers SET live_remaining_month = (date_trunc('month', now()) - interval '1 month')::date WHERE id = $1",
      [link.customerId],
    );
    const company = await h.as('support').get(`/customers/${link.customerId}`);
    expect(company.body.data.live_remaining_seconds).toBe(3600);
    const target = await h.as('manager').get(`/vehicles/${device.vehicleId}/live-camera`);
    expect(target.body.data.limits.remaining_seconds).toBe(3600);
  });
});
