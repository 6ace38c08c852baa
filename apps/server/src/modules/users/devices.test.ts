// The device limit never strands a user: browsers unused for LOGIN_DEVICE_IDLE_DAYS hold no
// place, a user at the limit frees their other browsers by signing in again (the realm's
// release_devices), and the reset follows contracts' one rule (mayResetDevices).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  exchangeCode,
  type Harness,
  PUBLIC_URL,
  startHarness,
  TEST_PASSWORD,
  tokenOf,
} from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ LOGIN_DEVICE_LIMIT: '1', LOGIN_DEVICE_IDLE_DAYS: '30' });
});
afterAll(async () => h?.close());

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

/** The 403 page's sign-in: prompt=login with release_devices=yes; answers the access token. */
async function signInReleasing(
  app: FastifyInstance,
  username: string,
): Promise<{ token: string; page: string }> {
  let cookies = '';
  const keep = (res: { cookies: { name: string; value: string }[] }) => {
    const jar = new Map(cookies ? cookies.split('; ').map((c) => c.split('=') as [string, string]) : []);
    for (const c of res.cookies) jar.set(c.name, c.value);
    cookies = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  };
  const pathOf = (location: string) => {
    const url = new URL(location, PUBLIC_URL);
    return `${url.pathname}${url.search}`;
  };
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'fleetlens-console',
    response_type: 'code',
    redirect_uri: `${PUBLIC_URL}/`,
    scope: 'openid profile email',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'login',
    release_devices: 'yes',
  });
  let res = await app.inject({ url: `/auth/realms/fleet/protocol/openid-connect/auth?${query}` });
  keep(res);
  res = await app.inject({ url: pathOf(String(res.headers.location)), headers: { cookie: cookies } });
  keep(res);
  const page = res.body;
  const action = /action="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '';
  res = await app.inject({
    method: 'POST',
    url: action,
    headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password: TEST_PASSWORD }).toString(),
  });
  keep(res);
  let location = String(res.headers.location);
  while (!new URL(location, PUBLIC_URL).searchParams.has('code')) {
    res = await app.inject({ url: pathOf(location), headers: { cookie: cookies } });
    keep(res);
    location = String(res.headers.location);
  }
  const token = await exchangeCode(app, new URL(location).searchParams.get('code') ?? '', verifier);
  return { token: token.json().access_token, page };
}

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
    const again = await signInReleasing(h.app, 'manager');
    expect(again.page).toContain('After you sign in, your other browsers are signed out');
    expect(await check(again.token, 'manager-laptop-1')).toBe(true);
    const devices = await h.app.inject({
      url: `/api/v1/users/${await idOf('manager')}/login-devices`,
      headers: bearer(again.token),
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
