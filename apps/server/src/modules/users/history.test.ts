import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, signInAs, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
let manager = '';
let operatorId = '';
beforeAll(async () => {
  h = await startHarness();
  manager = await tokenOf(h.app, 'manager');
  operatorId =
    (await h.database.query<{ id: string }>("SELECT id FROM users WHERE username = 'operator'"))[0]?.id ?? '';
});
afterAll(async () => h?.close());

const get = (url: string, token = manager) =>
  h.app.inject({ url: `/api/v1/users/${operatorId}/${url}`, headers: bearer(token) });

describe('the sign-in histories of a user', () => {
  it('lists failed sign-ins as the error history, paged, newest first', async () => {
    await signInAs(h.app, 'operator', 'Wrong#Pass1');
    await signInAs(h.app, 'operator', 'Wrong#Pass2');
    await tokenOf(h.app, 'operator');
    const res = await get('login-max-error-history?perPage=1&page=1');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ succeeded: false, reason: 'invalid_password' });
  });

  it('shows the sign-ins since the latest reset, with who reset, and the last five resets', async () => {
    const never = (await get('login-after-reset-history')).json().data;
    expect(never.reset).toBeNull();
    expect(never.list.length).toBe(3);

    for (let i = 0; i < 6; i += 1)
      await h.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${operatorId}/devices`,
        headers: bearer(manager),
      });
    await tokenOf(h.app, 'operator');
    const after = (await get('login-after-reset-history')).json().data;
    expect(after.reset.reset_by).toBe('Mina Manager');
    expect(after.list).toHaveLength(1);
    expect(after.list[0].succeeded).toBe(true);

    const resets = (await get('login-reset-history')).json().data;
    expect(resets).toHaveLength(5);
    expect(resets[0].reset_by).toBe(after.reset.reset_by);
  });

  it('is refused to a user who may not open the login history', async () => {
    const operator = await tokenOf(h.app, 'operator');
    for (const path of ['login-max-error-history', 'login-after-reset-history', 'login-reset-history'])
      expect((await get(path, operator)).statusCode).toBe(403);
  });

  it("answers 404 for another company's user, as if there were none", async () => {
    const [admin] = await h.database.query<{ id: string }>("SELECT id FROM users WHERE username = 'admin'");
    for (const path of ['login-max-error-history', 'login-after-reset-history', 'login-reset-history']) {
      const res = await h.app.inject({ url: `/api/v1/users/${admin?.id}/${path}`, headers: bearer(manager) });
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers 404 for an unknown user', async () => {
    const res = await h.app.inject({
      url: '/api/v1/users/00000000-0000-4000-8000-000000000000/login-reset-history',
      headers: bearer(manager),
    });
    expect(res.statusCode).toBe(404);
  });
});
