// The audit log: each administrative write leaves one entry in its own transaction (a refused
// write leaves none), secrets stay out, and only admins read it, paged and filtered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { expectRefused } from '../../testing/refusal.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** The customer the audit tests create, change and try again. */
const cranesBody = (name: string) => ({
  name,
  stk_user: 'auditcranes',
  realm: 'fleet',
  description: 'Cranes',
});
const audit = async (query = '') => (await h.as('admin').get(`/audit-log?${query}`)).body.data;
const utc = (offsetMinutes: number) =>
  new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

describe('the audit log', () => {
  it('records customers, roles, users and notices with who, company, before and after', async () => {
    const customer = await h.as('support').post('/customers', cranesBody('Audit Cranes'));
    expect(customer.status).toBe(201);
    const customerId = customer.body.data.id;
    await h.as('admin').put(`/customers/${customerId}`, cranesBody('Audit Cranes Ltd'));
    const role = (await h.as('admin').post('/roles', { name: 'Auditor', customer_id: customerId })).body.data;
    await h.as('admin').put(`/roles/${role.id}`, {
      name: 'Auditor',
      description: '',
      privileges: ['vehicle:view'],
    });
    const user = await h.as('admin').post('/users', {
      username: 'auditee1',
      password: 'Audit#Pass2026',
      first_name: 'Ada',
      last_name: 'Audit',
      email: 'ada@audit.example',
      customer_id: customerId,
      role_id: role.id,
      sys_role: 'user',
    });
    expect(user.status).toBe(201);
    await h.as('admin').delete(`/users/${user.body.data.id}`);
    const notice = (
      await h.as('admin').post('/notifications', {
        title: 'Audit notice',
        description: 'Recorded.',
        type: 'other',
        destinations: [customerId],
        publish_date: utc(-60).slice(0, 16),
        expire_date: utc(60 * 24).slice(0, 16),
      })
    ).body.data;

    const all = await audit('perPage=50');
    const mine = all.list.filter((e: { entity_id: string }) =>
      [customerId, role.id, user.body.data.id, notice.id].includes(e.entity_id),
    );
    expect(mine.map((e: { entity: string; action: string }) => `${e.entity}:${e.action}`)).toEqual([
      'notification:create',
      'user:delete',
      'user:create',
      'role:update',
      'role:create',
      'customer:update',
      'customer:create',
    ]);
    const [, deleted, created, roleUpdate, , customerUpdate, customerCreate] = mine;
    expect(customerCreate).toMatchObject({
      actor: { name: 'support' },
      before: null,
      after: { name: 'Audit Cranes' },
    });
    expect(customerUpdate).toMatchObject({
      actor: { name: 'admin' },
      customer: { id: customerId, name: 'Audit Cranes Ltd' },
      before: { name: 'Audit Cranes' },
      after: { name: 'Audit Cranes Ltd' },
    });
    expect(roleUpdate).toMatchObject({ before: { privileges: [] }, after: { privileges: ['vehicle:view'] } });
    expect(created.after.username).toBe('auditee1');
    expect(JSON.stringify(all)).not.toContain('password_hash');
    expect(deleted).toMatchObject({
      before: { username: 'auditee1' },
      after: null,
      customer: { id: customerId },
    });
    expect(mine[0].after.destinations).toEqual([customerId]);
  });

  it('records nothing for a refused write, nor for a form saved unchanged', async () => {
    const before = (await audit()).total;
    const duplicate = await h.as('support').post('/customers', cranesBody('Again'));
    expect(duplicate.status).toBe(409);
    expect((await audit()).total).toBe(before);
    const [cranes] = (await audit('entity=customer&perPage=1')).list;
    const again = await h.as('admin').put(`/customers/${cranes.entity_id}`, cranesBody('Audit Cranes Ltd'));
    expect(again.status).toBe(200);
    expect((await audit()).total).toBe(before);
  });

  it('filters by entity and time window and pages', async () => {
    const roles = await audit('entity=role&perPage=1');
    expect(roles.total).toBe(2);
    expect(roles.list).toHaveLength(1);
    expect(roles.list[0].entity).toBe('role');
    expect((await audit(`from=${encodeURIComponent(utc(10))}`)).total).toBe(0);
    expect((await audit(`to=${encodeURIComponent(utc(-10))}`)).total).toBe(0);
    expect((await audit(`from=${encodeURIComponent(utc(-10))}&filter=support`)).total).toBe(1);
    const bad = await h.as('admin').get('/audit-log?from=yesterday');
    expectRefused(bad, { 'querystring.from': 'Enter a valid date.' });
  });

  it('is for admins only', async () => {
    for (const who of ['support', 'manager']) expect((await h.as(who).get('/audit-log')).status).toBe(403);
  });
});
