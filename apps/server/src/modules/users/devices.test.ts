// The device limit never strands a user: browsers unused for LOGIN_DEVICE_IDLE_DAYS hold no
// place, a user at the limit frees their other browsers by signing in again (the realm's
// release_devices), and the reset follows contracts' one rule (mayResetDevices).
import { describe, expect, it } from 'vitest';
import { bearer, signInAs, startHarness, TEST_PASSWORD, tokenOf } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';

const h = perFile(() => startHarness({ LOGIN_DEVICE_LIMIT: '1', LOGIN_DEVICE_IDLE_DAYS: '30' }));

const check = async (token: string, device: string): Promise<boolean> =>
  (
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/users/session-check',
      headers: bearer(token),
      payload: { device_id: device },
    })
  ).json().data.valid;

const idOf = async (username: string) =>
  (await h.database.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]))[0]?.id ??
  '';

/** The 403 page's sign-in: prompt=login with release_devices=yes. */
const signInReleasing = (username: string) =>
  signInAs(
    h.app,
    username,
    TEST_PASSWORD,
    {},
    { scope: 'openid profile email', prompt: 'login', release_devices: 'yes' },
  );

describe('the device limit never strands a user', () => {
  it('stops counting a browser left unused for LOGIN_DEVICE_IDLE_DAYS', async () => {
    const token = await tokenOf(h.app, 'operator');
    expect(await check(token, 'operator-old-pc')).toBe(true);
    expect(await check(token, 'operator-new-pc')).toBe(false);
    await h.database.query(
      "UPDATE login_devices SET last_seen_at = now() - interval '31 days' WHERE device_id = 'operator-old-pc'",
    );
    expect(await check(token, 'operator-new-pc')).toBe(true);
    // The old browser, back after its absence, asks for a place like a new one.
    expect(await check(token, 'operator-old-pc')).toBe(false);
  });

  it('frees the other browsers of a user who signs in again from the 403 page', async () => {
    const first = await tokenOf(h.app, 'manager');
    expect(await check(first, 'manager-office-pc')).toBe(true);
    const refused = await tokenOf(h.app, 'manager');
    expect(await check(refused, 'manager-laptop-1')).toBe(false);
    const again = await signInReleasing('manager');
    expect(again.formPage).toContain('After you sign in, your other browsers are signed out');
    const token = again.tokens?.access_token ?? '';
    expect(await check(token, 'manager-laptop-1')).toBe(true);
    const devices = await h.app.inject({
      url: `/api/v1/users/${await idOf('manager')}/login-devices`,
      headers: bearer(token),
    });
    expect(devices.json().data.devices.map((d: { device_id: string }) => d.device_id)).toEqual([
      'manager-laptop-1',
    ]);
    expect(devices.json().data.resets[0]).toMatchObject({ removed: 1, reset_by: 'Mina Manager' });
  });

  it("lets support reset a customer's browsers but not an admin's (the rule the button follows)", async () => {
    const support = await tokenOf(h.app, 'support');
    const reset = (id: string) =>
      h.app.inject({ method: 'DELETE', url: `/api/v1/users/${id}/devices`, headers: bearer(support) });
    expect((await reset(await idOf('operator'))).statusCode).toBe(200);
    expect((await reset(await idOf('admin'))).statusCode).toBe(403);
    const view = await h.app.inject({
      url: `/api/v1/users/${await idOf('admin')}/login-devices`,
      headers: bearer(support),
    });
    expect(view.statusCode).toBe(200);
    const admin = await tokenOf(h.app, 'admin');
    const byAdmin = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${await idOf('admin')}/devices`,
      headers: bearer(admin),
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});
