// Live camera end to end: a device on a real MQTT connection answers live-start with the
// simulator's live cameras (real ffmpeg publishing RTMP to the embedded media engine), and the
// manager's signed stream address answers FLV. The continuous limit ends the view ("Live camera
// stopped (retry)"), the watched time leaves the month's remaining time, an offline vehicle, a
// company without l-video, a user without camera:view and a forged address are refused, and the
// last view's end stops the device's stream.
import { describe, expect, it } from 'vitest';
import { until } from '../../testing/deviceLink.ts';
import { liveWorld, setLiveLimits } from '../../testing/liveCamera.ts';

const world = liveWorld('test');
const { link, commands, cameras } = world;
const setLimits = (continuous: number, remaining: number) => setLiveLimits(world, continuous, remaining);

describe('live camera', () => {
  it('streams every camera through signed addresses, counts the time, and stops at the continuous limit', async () => {
    expect((await setLimits(4, 600)).status).toBe(200);
    const target = await link.h.as('manager').get(`/vehicles/${world.device().vehicleId}/live-camera`);
    expect(target.body.data).toMatchObject({ cameras: 2, online: true, limits: { continuous_seconds: 4 } });

    const started = await link.h.as('manager').post(`/vehicles/${world.device().vehicleId}/live-camera`, {});
    expect(started.status).toBe(201);
    const view = started.body.data;
    expect(view).toMatchObject({
      state: 'playing',
      allowed_seconds: 4,
      streams: [{ camera: 1 }, { camera: 2 }],
    });
    await until('the live-start sent', async () => commands.some((c) => c.type === 'live-start'));

    // The signed address answers FLV from the device's encoder ("FLV" then tags).
    const response = await fetch(`${link.httpBase}${view.streams[0].url}`);
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
    const forged = await fetch(`${link.httpBase}${view.streams[0].url.replace(/token=./, 'token=x')}`);
    expect(forged.status).toBe(403);

    // Heartbeats count until the limit ends it.
    let status = view;
    await until(
      'the continuous limit reached',
      async () => {
        status = (await link.h.as('manager').post(`/live-camera/views/${view.id}/heartbeat`, {})).body.data;
        return status.state === 'ended';
      },
      15_000,
    );
    expect(status).toMatchObject({ end_reason: 'limit', watched_seconds: 4 });
    const [customer] = await link.h.database.query<{ remaining: number }>(
      'SELECT live_remaining_seconds AS remaining FROM customers WHERE id = $1',
      [link.customerId],
    );
    expect(customer?.remaining).toBe(596);
    await reader.cancel();

    // Who watched is listed; the sweep then stops the stream nobody watches.
    const history = await link.h
      .as('manager')
      .get(`/live-camera/views?vehicle_id=${world.device().vehicleId}`);
    expect(history.body.data.list[0]).toMatchObject({
      user_name: 'Mina Manager',
      end_reason: 'limit',
      watched_seconds: 4,
    });
    await until('the live-stop sent', async () => commands.some((c) => c.type === 'live-stop'), 20_000);
    expect(cameras.publishing).toBe(false);
  }, 60_000);

  it('refuses a vehicle offline, a company without l-video, a user without camera:view, and no time left', async () => {
    const offline = await link.addDevice();
    const refused = await link.h.as('manager').post(`/vehicles/${offline.vehicleId}/live-camera`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The vehicle is offline. Try again later.');

    expect((await setLimits(60, 0)).status).toBe(200);
    const none = await link.h
      .as('manager', { lang: 'ja' })
      .post(`/vehicles/${world.device().vehicleId}/live-camera`, {});
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('今月のライブカメラの再生可能時間が残っていません。');

    const operator = await link.h.as('operator').get(`/vehicles/${world.device().vehicleId}/live-camera`);
    expect(operator.status).toBe(403);

    await link.h.database.query(
      "UPDATE customers SET functions = array_remove(functions, 'l-video') WHERE id = $1",
      [link.customerId],
    );
    const off = await link.h.as('manager').get(`/vehicles/${world.device().vehicleId}/live-camera`);
    expect(off.status).toBe(403);
    await link.h.database.query(
      "UPDATE customers SET functions = array_append(functions, 'l-video') WHERE id = $1",
      [link.customerId],
    );
  });

  it('starts a new month from the monthly maximum, on the company page as for the viewer', async () => {
    expect((await setLimits(60, 100)).status).toBe(200);
    // Nobody has watched since last month: what was left then is not this month's time.
    await link.h.database.query(
      "UPDATE customers SET live_remaining_month = (date_trunc('month', now()) - interval '1 month')::date WHERE id = $1",
      [link.customerId],
    );
    const company = await link.h.as('support').get(`/customers/${link.customerId}`);
    expect(company.body.data.live_remaining_seconds).toBe(3600);
    const target = await link.h.as('manager').get(`/vehicles/${world.device().vehicleId}/live-camera`);
    expect(target.body.data.limits.remaining_seconds).toBe(3600);
  });
});
