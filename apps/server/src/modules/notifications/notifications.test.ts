import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const utc = (offsetHours: number) =>
  new Date(Date.now() + offsetHours * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
const unread = async (who: string) =>
  (await h.as(who).get('/notifications/unread-count')).body.data.unreadNotificationCount;

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
    const res = await h
      .as('kitting')
      .post('/notifications', notice({ destinations: [await h.companyId('harbor')] }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Harbor crane firmware',
      destinations: [{ name: 'Harbor Logistics' }],
    });
    expect(res.body.data.publish_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
    expect(await unread('manager')).toBe(3);
    expect(await unread('operator')).toBe(2);
    const operatorList = (await h.as('operator').get('/notifications')).body.data.list;
    expect(operatorList.map((n: { title: string }) => n.title)).not.toContain('Harbor crane firmware');
    const direct = await h.as('operator').get(`/notifications/${res.body.data.id}`);
    expect(direct.status).toBe(404);
  });

  it('moves a notice to the expired list after its expiry date', async () => {
    const res = await h
      .as('admin')
      .post(
        '/notifications',
        notice({ title: 'Old news', is_publish_to_all: true, publish_date: utc(-48), expire_date: utc(-24) }),
      );
    expect(res.status).toBe(201);
    const current = (await h.as('manager').get('/notifications')).body.data.list.map(
      (n: { title: string }) => n.title,
    );
    const expired = (await h.as('manager').get('/notifications/expired')).body.data.list.map(
      (n: { title: string }) => n.title,
    );
    expect(current).not.toContain('Old news');
    expect(expired).toContain('Old news');
  });

  it('refuses bad notices with field messages and stores nothing', async () => {
    const before = (await h.database.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications'))[0]
      ?.n;
    const res = await h.as('admin').post('/notifications', {
      title: 'x'.repeat(81),
      description: '',
      type: 'party',
      publish_date: utc(2),
      expire_date: utc(1),
      external_url: 'javascript:alert(1)',
    });
    expect(res.status).toBe(400);
    const fields = Object.keys(res.fields).sort();
    expect(fields).toEqual(expect.arrayContaining(['description', 'external_url', 'title', 'type']));
    const messages = res.fields;
    expect(messages.description).toBe('Enter the description.');
    expect(messages.title).toBe('Enter a title of at most 80 characters.');
    const after = (await h.database.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications'))[0]
      ?.n;
    expect(after).toBe(before);
    const noAudience = await h.as('admin').post('/notifications', notice());
    expect(noAudience.body.data.fields[0]).toMatchObject({
      field: 'destinations',
      message: 'Choose at least one company, or publish to all.',
    });
    const backwards = await h
      .as('admin')
      .post('/notifications', notice({ is_publish_to_all: true, expire_date: utc(-2) }));
    expect(backwards.body.data.fields[0].field).toBe('expire_date');
  });

  it('lets only admin, kitting and sales write notices', async () => {
    for (const who of ['support', 'manager']) {
      const res = await h.as(who).post('/notifications', notice({ is_publish_to_all: true }));
      expect(res.status, who).toBe(403);
    }
  });

  it('edits and deletes; the counts follow', async () => {
    const created = (
      await h.as('admin').post('/notifications', notice({ title: 'Temp', is_publish_to_all: true }))
    ).body.data;
    const before = await unread('operator');
    const edited = await h
      .as('admin')
      .put(
        `/notifications/${created.id}`,
        notice({ title: 'Temp 2', destinations: [await h.companyId('harbor')] }),
      );
    expect(edited.status).toBe(200);
    expect(edited.body.data.destinations).toHaveLength(1);
    expect(await unread('operator')).toBe(before - 1);
    expect((await h.as('admin').delete(`/notifications/${created.id}`)).status).toBe(200);
    expect((await h.as('admin').get(`/notifications/${created.id}`)).status).toBe(404);
  });
});
