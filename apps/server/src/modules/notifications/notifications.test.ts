import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
const token: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  for (const name of ['admin', 'kitting', 'support', 'manager', 'operator'])
    token[name] = await tokenOf(h.app, name);
});
afterAll(async () => h?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: { ...bearer(token[who] ?? ''), 'accept-language': 'en' }, payload });
const customerId = async (stk: string) =>
  (await h.database.query<{ id: string }>('SELECT id FROM customers WHERE stk_user = $1', [stk]))[0]?.id ??
  '';
const utc = (offsetHours: number) =>
  new Date(Date.now() + offsetHours * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
const unread = async (who: string) =>
  (await call(who, 'GET', '/api/v1/notifications/unread-count')).json().data.unreadNotificationCount;

const notice = (over: Record<string, unknown> = {}) => ({
  title: 'Harbor crane firmware',
  description: 'Devices update tonight.',
  type: 'maintenance',
  publish_date: utc(-1),
  expire_date: utc(24),
  ...over,
});

describe('notices', () => {
  it('kitting publishes to one customer: only that company sees it and its bell counts it', async () => {
    expect(await unread('manager')).toBe(2);
    const res = await call(
      'kitting',
      'POST',
      '/api/v1/notifications',
      notice({ destinations: [await customerId('harbor')] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'Harbor crane firmware',
      destinations: [{ name: 'Harbor Logistics' }],
    });
    expect(res.json().data.publish_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
    expect(await unread('manager')).toBe(3);
    expect(await unread('operator')).toBe(2);
    const operatorList = (await call('operator', 'GET', '/api/v1/notifications')).json().data.list;
    expect(operatorList.map((n: { title: string }) => n.title)).not.toContain('Harbor crane firmware');
    const direct = await call('operator', 'GET', `/api/v1/notifications/${res.json().data.id}`);
    expect(direct.statusCode).toBe(404);
  });

  it('moves a notice to the expired list after its expiry date', async () => {
    const res = await call(
      'admin',
      'POST',
      '/api/v1/notifications',
      notice({ title: 'Old news', is_publish_to_all: true, publish_date: utc(-48), expire_date: utc(-24) }),
    );
    expect(res.statusCode).toBe(201);
    const current = (await call('manager', 'GET', '/api/v1/notifications'))
      .json()
      .data.list.map((n: { title: string }) => n.title);
    const expired = (await call('manager', 'GET', '/api/v1/notifications/expired'))
      .json()
      .data.list.map((n: { title: string }) => n.title);
    expect(current).not.toContain('Old news');
    expect(expired).toContain('Old news');
  });

  it('refuses bad notices with field messages and stores nothing', async () => {
    const before = (await h.database.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications'))[0]
      ?.n;
    const res = await call('admin', 'POST', '/api/v1/notifications', {
      title: 'x'.repeat(81),
      description: '',
      type: 'party',
      publish_date: utc(2),
      expire_date: utc(1),
      external_url: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .data.fields.map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(expect.arrayContaining(['description', 'external_url', 'title', 'type']));
    const messages = Object.fromEntries(
      res.json().data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(messages.description).toBe('Enter the description.');
    expect(messages.title).toBe('Enter a title of at most 80 characters.');
    const after = (await h.database.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications'))[0]
      ?.n;
    expect(after).toBe(before);
    const noAudience = await call('admin', 'POST', '/api/v1/notifications', notice());
    expect(noAudience.json().data.fields[0]).toMatchObject({
      field: 'destinations',
      message: 'Choose at least one company, or publish to all.',
    });
    const backwards = await call(
      'admin',
      'POST',
      '/api/v1/notifications',
      notice({ is_publish_to_all: true, expire_date: utc(-2) }),
    );
    expect(backwards.json().data.fields[0].field).toBe('expire_date');
  });

  it('lets only admin, kitting and sales write notices', async () => {
    for (const who of ['support', 'manager']) {
      const res = await call(who, 'POST', '/api/v1/notifications', notice({ is_publish_to_all: true }));
      expect(res.statusCode, who).toBe(403);
    }
  });

  it('edits and deletes; the counts follow', async () => {
    const created = (
      await call('admin', 'POST', '/api/v1/notifications', notice({ title: 'Temp', is_publish_to_all: true }))
    ).json().data;
    const before = await unread('operator');
    const edited = await call(
      'admin',
      'PUT',
      `/api/v1/notifications/${created.id}`,
      notice({ title: 'Temp 2', destinations: [await customerId('harbor')] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.destinations).toHaveLength(1);
    expect(await unread('operator')).toBe(before - 1);
    expect((await call('admin', 'DELETE', `/api/v1/notifications/${created.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/v1/notifications/${created.id}`)).statusCode).toBe(404);
  });
});
