import { describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';

const h = perFile(startHarness);

describe('custom roles', () => {
  it('admin creates a role for a company; privileges are checked, deduplicated and sorted', async () => {
    const res = await h.as('admin').post('/roles', {
      name: 'Viewer',
      customer_id: await h.companyId('harbor'),
      privileges: ['vehicle:view', 'event:view', 'vehicle:view'],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Viewer',
      customer: { name: 'Harbor Logistics' },
      privileges: ['event:view', 'vehicle:view'],
      user_count: 0,
    });
    const bad = await h.as('admin').post('/roles', {
      name: 'Bad',
      customer_id: await h.companyId('harbor'),
      privileges: ['vehicle:fly'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('privileges.0');
  });

  it('refuses a second role of the same name in one company, not in another', async () => {
    const again = await h.as('admin').post('/roles', {
      name: 'Viewer',
      customer_id: await h.companyId('harbor'),
    });
    expect(again.status).toBe(409);
    expect(again.body.data.fields[0]).toMatchObject({
      field: 'name',
      message: 'This company already has a role with this name.',
    });
    const elsewhere = await h.as('admin').post('/roles', {
      name: 'Viewer',
      customer_id: await h.companyId('harbor-north'),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('lists for admin and support, with the user count; create and edit for admin only', async () => {
    const list = await h.as('support').get(`/roles?customer_id=${await h.companyId('harbor')}&order_by=name`);
    expect(list.status).toBe(200);
    const names = list.body.data.list.map((r: { name: string; user_count: number }) => [
      r.name,
      r.user_count,
    ]);
    expect(names).toEqual([
      ['Fleet manager', 1],
      ['Viewer', 0],
    ]);
    // Whoever creates users reads roles too, to offer them: within their own companies.
    expect((await h.as('sales').get('/roles')).status).toBe(200);
    const mine = (await h.as('manager').get('/roles')).body.data.list;
    expect(new Set(mine.map((r: { customer: { name: string } }) => r.customer.name))).toEqual(
      new Set(['Harbor Logistics', 'Harbor Logistics North Terminal']),
    );
    const id = list.body.data.list[1].id;
    const bySupport = await h.as('support').put(`/roles/${id}`, { name: 'Viewer 2' });
    expect(bySupport.status).toBe(403);
  });

  it('a privilege taken away applies to a signed-in user at the next call', async () => {
    const before = await h.as('manager').get('/users/my');
    expect(before.body.data.user.privileges).toContain('vehicle:view');
    const list = await h.as('admin').get('/roles?filter=fleet manager');
    const role = list.body.data.list[0];
    const res = await h.as('admin').put(`/roles/${role.id}`, {
      name: role.name,
      description: role.description,
      privileges: role.privileges.filter((p: string) => !p.startsWith('vehicle:')),
    });
    expect(res.status).toBe(200);
    const after = await h.as('manager').get('/users/my');
    expect(after.body.data.user.privileges).not.toContain('vehicle:view');
  });

  it("deletes a role no user holds (admin only); refuses one still held, in the caller's language", async () => {
    const made = await h.as('admin').post('/roles', {
      name: 'Short-lived',
      customer_id: await h.companyId('harbor'),
      privileges: ['vehicle:view'],
    });
    const id = made.body.data.id;
    expect((await h.as('support').delete(`/roles/${id}`)).status).toBe(403);
    expect((await h.as('admin').delete(`/roles/${id}`)).status).toBe(200);
    expect((await h.as('admin').get(`/roles/${id}`)).status).toBe(404);
    expect((await h.as('admin').delete(`/roles/${id}`)).status).toBe(404);

    const held = (await h.as('admin').get('/roles?filter=fleet manager')).body.data.list[0];
    const refused = await h.as('admin', { lang: 'ja' }).delete(`/roles/${held.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('ユーザーに割り当てられているロールは削除できません。');
    expect((await h.as('admin').get(`/roles/${held.id}`)).body.data).toMatchObject({ user_count: 1 });
  });
});
