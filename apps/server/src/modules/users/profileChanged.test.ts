// Spec §4, a role change for a signed-in user: their open consoles hear "profile-changed" over the
// live channel when their role's privileges, their own access or their company's functions change.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
let url = '';
beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/v1/live`;
});
afterAll(async () => h?.close());

/** A signed-in console's live channel, counting the "profile-changed" it hears. */
async function listen(who: string) {
  const socket = new WebSocket(url);
  const heard = { changes: 0 };
  const ready = new Promise<void>((resolve) =>
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string };
      if (message.type === 'ready') resolve();
      if (message.type === 'profile-changed') heard.changes += 1;
    }),
  );
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', token: await h.token(who) }));
  await ready;
  return { heard, close: () => socket.close() };
}
// A change that must reach someone is waited for (expect.poll); one that must not is given this
// moment, and the later awaited change shows it did not come before (the channel keeps its order).
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const one = async (sql: string) => (await h.database.query<{ id: string }>(sql))[0]?.id ?? '';

describe('a role change reaches the signed-in user at once', () => {
  it('tells the holders of a role whose privileges change, and nobody else', async () => {
    const manager = await listen('manager');
    const operator = await listen('operator');
    const roleId = await one("SELECT id FROM roles WHERE name = 'Fleet manager'");
    const role = (await h.as('admin').get(`/roles/${roleId}`)).body.data;
    const save = (privileges: string[]) =>
      h.as('admin').put(`/roles/${roleId}`, { name: role.name, description: role.description, privileges });
    expect((await save(role.privileges.filter((p: string) => p !== 'vehicle:view'))).status).toBe(200);
    await expect.poll(() => manager.heard.changes).toBe(1);
    expect(operator.heard.changes).toBe(0);
    // The same privileges again change nothing: no message.
    await save(role.privileges.filter((p: string) => p !== 'vehicle:view'));
    await settle();
    expect(manager.heard.changes).toBe(1);
    manager.close();
    operator.close();
  });

  it('tells a user whose own access changes, not when only their name does', async () => {
    const operator = await listen('operator');
    const id = await one("SELECT id FROM users WHERE username = 'operator'");
    const user = (await h.as('admin').get(`/users/${id}`)).body.data;
    const body = {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      customer_id: user.customer.id,
      role_id: user.role?.id ?? null,
      sys_role: user.sys_role,
      manager: user.manager,
      download_role: user.download_role,
    };
    await h.as('admin').put(`/users/${id}`, { ...body, first_name: 'Oskar Renamed' });
    await settle();
    expect(operator.heard.changes).toBe(0);
    const changed = await h.as('admin').put(`/users/${id}`, { ...body, download_role: 'download' });
    expect(changed.status).toBe(200);
    await expect.poll(() => operator.heard.changes).toBe(1);
    operator.close();
  });

  it('tells every user of a company whose functions change', async () => {
    const manager = await listen('manager');
    const id = await h.companyId('harbor');
    const {
      id: _id,
      is_provider: _p,
      parent,
      sub_companies: _s,
      created_at: _c,
      updated_at: _u,
      live_continuous_seconds: _l1,
      live_monthly_max_seconds: _l2,
      live_remaining_seconds: _l3,
      ...customer
    } = (await h.as('admin').get(`/customers/${id}`)).body.data;
    const res = await h.as('admin').put(`/customers/${id}`, {
      ...customer,
      parent_id: parent?.id ?? null,
      functions: customer.functions.filter((f: string) => f !== 'd-map'),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => manager.heard.changes).toBe(1);
    manager.close();
  });
});
