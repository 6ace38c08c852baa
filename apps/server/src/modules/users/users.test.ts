import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
let manager = '';
let operator = '';
let support = '';
beforeAll(async () => {
  h = await startHarness({ LOGIN_DEVICE_LIMIT: '2' });
  manager = await tokenOf(h.app, 'manager');
  operator = await tokenOf(h.app, 'operator');
  support = await tokenOf(h.app, 'support');
});
afterAll(async () => h?.close());

const check = (token: string, device: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/users/session-check',
    headers: bearer(token),
    payload: { device_id: device },
  });

/** The caller with `token` resets the browsers of the user `userId`. */
const resetDevices = (token: string, userId: string) =>
  h.app.inject({ method: 'DELETE', url: `/api/v1/users/${userId}/devices`, headers: bearer(token) });

const idOf = async (username: string) =>
  (await h.database.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]))[0]?.id ??
  '';

describe('the browser limit (session check)', () => {
  it('admits browsers up to the limit, always re-admits a known one, refuses one more', async () => {
    expect((await check(operator, 'browser-one-0001')).json().data.valid).toBe(true);
    expect((await check(operator, 'browser-two-0002')).json().data.valid).toBe(true);
    expect((await check(operator, 'browser-one-0001')).json().data.valid).toBe(true);
    expect((await check(operator, 'browser-three-03')).json().data.valid).toBe(false);
  });

  it('lets only one of two simultaneous new browsers take the last place', async () => {
    await check(manager, 'manager-first-01');
    const answers = await Promise.all([
      check(manager, 'manager-race-aaa'),
      check(manager, 'manager-race-bbb'),
    ]);
    expect(answers.map((a) => a.json().data.valid).sort()).toEqual([false, true]);
  });

  it('validates the device id', async () => {
    const res = await check(operator, 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('device_id');
  });

  it('frees the places when the browsers are reset', async () => {
    const operatorId = await idOf('operator');
    // A manager of the parent company may reset a sub company's user.
    const res = await resetDevices(manager, operatorId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.removed).toBe(2);
    expect((await check(operator, 'browser-three-03')).json().data.valid).toBe(true);
    // The devices page shows the browser now counted and who reset, newest first.
    const page = await h.app.inject({
      url: `/api/v1/users/${operatorId}/login-devices`,
      headers: bearer(manager),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.devices.map((d: { device_id: string }) => d.device_id)).toEqual([
      'browser-three-03',
    ]);
    expect(page.json().data.resets).toEqual([
      expect.objectContaining({ removed: 2, reset_by: 'Mina Manager' }),
    ]);
  });

  it("does not let a sub company's user touch the parent company's users", async () => {
    const managerId = await idOf('manager');
    const res = await resetDevices(operator, managerId);
    expect(res.statusCode).toBe(404);
    const [row] = await h.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_devices WHERE user_id = $1',
      [managerId],
    );
    expect(row?.n).toBe(2);
  });

  it("lets staff reset any customer's user; a customer's user cannot reach staff", async () => {
    const managerId = await idOf('manager');
    const byOperator = await resetDevices(operator, await idOf('support'));
    expect(byOperator.statusCode).toBe(404);
    // Support opens the login-devices page (route roles), so it may reset there (contracts mayResetDevices).
    const bySupport = await resetDevices(support, managerId);
    expect(bySupport.statusCode).toBe(200);
  });
});

describe('notices seen', () => {
  it('counts current notices until the user opens them', async () => {
    const count = async (token: string) =>
      (await h.app.inject({ url: '/api/v1/notifications/unread-count', headers: bearer(token) })).json().data
        .unreadNotificationCount;
    expect(await count(operator)).toBe(2);
    const operatorId = await idOf('operator');
    const other = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${operatorId}/update-opened-notification-at`,
      headers: bearer(manager),
    });
    expect(other.statusCode).toBe(403);
    const own = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${operatorId}/update-opened-notification-at`,
      headers: bearer(operator),
    });
    expect(own.statusCode).toBe(200);
    expect(await count(operator)).toBe(0);
    expect(await count(manager)).toBe(2);
  });
});
