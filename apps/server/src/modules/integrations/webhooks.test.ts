// Webhooks: registered by a company's manager with an http(s) address only, their secret answered
// once, each delivery signed (checked here as a receiver would, README "Integrations"), retried by
// the job queue after a failed try, logged try by try, and carrying its own company's events only.
import { WEBHOOK_HEADERS } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { insertedId, insertVehicleWithDevice } from '../../testing/rows.ts';
import { type Received, receiver, signatureHolds } from '../../testing/webhookReceiver.ts';
import { announceEventsCreated } from '../events/announce.ts';

// Retries one second apart (then two), at most two: a retried failure is seen within seconds.
const h = perFile(() => startHarness({ WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRY_LIMIT: '2' }));

let made = 0;
async function register(url: string, more: Record<string, unknown> = {}, who = 'manager') {
  const res = await h.as(who).post('/webhooks', {
    name: `Hook ${++made}-${Math.random()}`,
    customer_id: await h.companyId('harbor'),
    url,
    kinds: ['event.created'],
    ...more,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
}

const log = async (id: string) => (await h.as('manager').get(`/webhooks/${id}/deliveries`)).body.data.list;

describe('webhooks', () => {
  it('answers the secret once, keeps it sealed, and signs a test delivery with it', async () => {
    const target = await receiver();
    const hook = await register(target.url);
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect((await h.as('manager').get(`/webhooks/${hook.id}`)).body.data.secret).toBeUndefined();
    expect(JSON.stringify((await h.as('manager').get('/webhooks')).body.data)).not.toContain(hook.secret);
    const [stored] = await h.database.query<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM webhooks WHERE id = $1',
      [hook.id],
    );
    expect(stored?.secret_sealed).not.toContain(hook.secret.slice(6));

    const sent = await h.as('manager').post(`/webhooks/${hook.id}/test`, {});
    expect(sent.status).toBe(202);
    await expect.poll(() => target.got.length, { timeout: 15_000 }).toBe(1);
    const [delivery] = target.got as [Received];
    expect(signatureHolds(hook.secret, delivery)).toBe(true);
    expect(signatureHolds(`${hook.secret}x`, delivery)).toBe(false);
    expect(delivery.headers[WEBHOOK_HEADERS.id]).toBe(sent.body.data.id);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(JSON.parse(delivery.body)).toMatchObject({
      id: sent.body.data.id,
      kind: 'webhook.test',
      customer_id: await h.companyId('harbor'),
      data: { webhook: { id: hook.id } },
    });
    await expect
      .poll(async () => (await log(hook.id))[0], { timeout: 10_000 })
      .toMatchObject({ id: sent.body.data.id, state: 'delivered', attempts: [{ attempt: 1, status: 200 }] });
  }, 30_000);

  it('retries a try answered 500, and logs both answers', async () => {
    const target = await receiver((n) => (n === 1 ? 500 : 200));
    const hook = await register(target.url);
    const sent = await h.as('manager').post(`/webhooks/${hook.id}/test`, {});
    await expect
      .poll(async () => (await log(hook.id))[0]?.state, { timeout: 20_000, interval: 250 })
      .toBe('delivered');
    const [entry] = await log(hook.id);
    expect(entry.attempts.map((a: { status: number }) => a.status)).toEqual([500, 200]);
    expect(target.got.map((r) => r.headers[WEBHOOK_HEADERS.id])).toEqual([
      sent.body.data.id,
      sent.body.data.id,
    ]);
    // Each try signed afresh, the body the same bytes.
    expect(target.got.every((r) => signatureHolds(hook.secret, r))).toBe(true);
    expect(target.got[1]?.body).toBe(target.got[0]?.body);
  }, 30_000);

  it('logs a receiver that cannot be reached, and fails the delivery after its last try', async () => {
    const closed = await receiver();
    const url = closed.url;
    closed.close();
    const hook = await register(url);
    await h.as('manager').post(`/webhooks/${hook.id}/test`, {});
    await expect
      .poll(async () => (await log(hook.id))[0]?.state, { timeout: 25_000, interval: 250 })
      .toBe('failed');
    const [entry] = await log(hook.id);
    expect(entry.attempts).toHaveLength(3);
    expect(entry.attempts[0]).toMatchObject({ status: null, error: expect.stringMatching(/ECONNREFUSED/) });
  }, 40_000);

  it('refuses an address that is not http(s), with a translated message, and changes nothing', async () => {
    const before = await h.database.query('SELECT id, url FROM webhooks ORDER BY id');
    const harbor = await h.companyId('harbor');
    for (const url of ['ftp://files.example/in', 'javascript:alert(1)', 'hooks.example/in', '', 'http://']) {
      const res = await h.as('manager', { lang: 'ja' }).post('/webhooks', {
        name: 'Bad address',
        customer_id: harbor,
        url,
        kinds: ['event.created'],
      });
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0]).toMatchObject({ field: 'url' });
      expect(res.body.data.fields[0].message).toContain('https://');
    }
    const noKinds = await h.as('manager').post('/webhooks', {
      name: 'No kinds',
      customer_id: harbor,
      url: 'https://hooks.example/in',
      kinds: [],
    });
    expect(noKinds.status).toBe(400);
    const hook = await register('https://hooks.example/in');
    const edit = await h.as('manager').put(`/webhooks/${hook.id}`, {
      name: 'Still good',
      url: 'file:///etc/passwd',
      kinds: ['event.created'],
    });
    expect(edit.status).toBe(400);
    expect(
      await h.database.query('SELECT id, url FROM webhooks WHERE id <> $1 ORDER BY id', [hook.id]),
    ).toEqual(before);
    expect((await h.as('manager').get(`/webhooks/${hook.id}`)).body.data.url).toBe(
      'https://hooks.example/in',
    );
  });

  it("sends a new event to its own company's enabled webhooks only, never another company's", async () => {
    const harbor = await h.companyId('harbor');
    const other = await h.addCompany('quayside', 'Quayside Ltd');
    const ours = await receiver();
    const theirs = await receiver();
    const off = await receiver();
    const hook = await register(ours.url);
    await register(theirs.url, { customer_id: other, name: 'Quayside hook' }, 'admin');
    await register(off.url, { enabled: false, name: 'Switched off' });
    const event = async (customer: string, name: string, type = 'Impact') => {
      const vehicle = await insertVehicleWithDevice(
        h.database,
        customer,
        name,
        `${Date.now()}${name.length}`,
        null,
      );
      return insertedId(
        h.database,
        `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
                                    direction, gx, gy, gz, roll, pitch, yaw, cameras, clips_pending, video_status)
         VALUES ($1, gen_random_uuid()::text, $2, $3, now(), $4, 35, 139, 5, 0, 1.4, 0, 1, 0, 0, 0, 0, false, 1)
         RETURNING id`,
        [vehicle.device, customer, vehicle.id, type],
      );
    };
    const mine = await event(harbor, 'Harbor reach truck');
    const foreign = await event(other, 'Quay crane');
    const video = await event(harbor, 'Harbor camera truck', 'Random');
    await announceEventsCreated(h.hub, [mine, foreign, video]);

    await expect.poll(() => ours.got.length + theirs.got.length, { timeout: 15_000 }).toBe(2);
    const body = JSON.parse(ours.got[0]?.body ?? '{}');
    expect(body).toMatchObject({
      kind: 'event.created',
      customer_id: harbor,
      data: { event: { id: mine, type: 'Impact', vehicle: { name: 'Harbor reach truck' } } },
    });
    expect(signatureHolds(hook.secret, ours.got[0] as Received)).toBe(true);
    expect(ours.got.map((r) => r.body).join()).not.toContain('Quay crane');
    expect(JSON.parse(theirs.got[0]?.body ?? '{}').data.event.id).toBe(foreign);
    expect(off.got).toEqual([]);
    // Every delivery made of each event is to a webhook of the event's own company.
    const madeFor = async (eventId: string) =>
      (
        await h.database.query<{ customer_id: string }>(
          'SELECT DISTINCT d.customer_id FROM webhook_deliveries d WHERE d.body LIKE $1',
          [`%${eventId}%`],
        )
      ).map((r) => r.customer_id);
    expect(await madeFor(foreign)).toEqual([other]);
    expect(await madeFor(mine)).toEqual([harbor]);
    expect(await madeFor(video)).toEqual([]);
  }, 30_000);

  it('edits, disables and deletes a webhook with its log; the audit log keeps each step', async () => {
    const hook = await register('https://hooks.example/edit');
    const edited = await h.as('manager').put(`/webhooks/${hook.id}`, {
      name: 'Edited hook',
      url: 'https://hooks.example/edited',
      kinds: ['event.created'],
      enabled: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Edited hook',
      enabled: false,
      url: 'https://hooks.example/edited',
    });
    expect((await h.as('manager').delete(`/webhooks/${hook.id}`)).status).toBe(200);
    expect((await h.as('manager').get(`/webhooks/${hook.id}`)).status).toBe(404);
    const audit = await h.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'webhook' AND entity_id = $1 ORDER BY id",
      [hook.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('a deployment that refuses private targets (WEBHOOK_PRIVATE_TARGETS=false)', () => {
  const hosted = perFile(() =>
    startHarness({
      WEBHOOK_PRIVATE_TARGETS: 'false',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_RETRY_LIMIT: '0',
    }),
  );

  it('refuses a private address at registration and on edit, in the caller language, and changes nothing', async () => {
    const harbor = await hosted.companyId('harbor');
    const before = await hosted.database.query('SELECT id, url FROM webhooks ORDER BY id');
    for (const url of [
      'http://127.0.0.1:9000/in',
      'http://localhost:9000/in',
      'http://169.254.169.254/latest/meta-data',
      'http://10.20.30.40/hooks',
      'http://[::1]/in',
    ]) {
      const res = await hosted.as('manager', { lang: 'ja' }).post('/webhooks', {
        name: 'Inside',
        customer_id: harbor,
        url,
        kinds: ['event.created'],
      });
      expect(res.status, url).toBe(400);
      expect(res.body.data.fields[0]).toMatchObject({ field: 'url' });
      expect(res.body.data.fields[0].message).toContain('プライベートネットワーク');
    }
    expect(await hosted.database.query('SELECT id, url FROM webhooks ORDER BY id')).toEqual(before);
    // A name that does not resolve now is taken; it is looked at again when something is sent.
    const made = await hosted.as('manager').post('/webhooks', {
      name: 'Outside',
      customer_id: harbor,
      url: 'https://hooks.example/in',
      kinds: ['event.created'],
    });
    expect(made.status).toBe(201);
    const edit = await hosted.as('manager', { lang: 'zh' }).put(`/webhooks/${made.body.data.id}`, {
      name: 'Outside',
      url: 'http://192.168.1.5/in',
      kinds: ['event.created'],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.data.fields[0].message).toContain('私有网络');
    expect((await hosted.as('manager').get(`/webhooks/${made.body.data.id}`)).body.data.url).toBe(
      'https://hooks.example/in',
    );
  });

  it('refuses to deliver to an address that leads to a private network by the time it is sent', async () => {
    const target = await receiver();
    const port = new URL(target.url).port;
    const made = await hosted.as('manager').post('/webhooks', {
      name: 'Rebound',
      customer_id: await hosted.companyId('harbor'),
      url: 'https://hooks.example/in',
      kinds: ['event.created'],
    });
    // As if its name had resolved to a public address then, and to this machine now.
    for (const url of [`http://localhost:${port}/in`, `http://127.0.0.1:${port}/in`]) {
      await hosted.database.query('UPDATE webhooks SET url = $2 WHERE id = $1', [made.body.data.id, url]);
      const sent = await hosted.as('manager').post(`/webhooks/${made.body.data.id}/test`, {});
      await expect
        .poll(
          async () =>
            (await hosted.as('manager').get(`/webhooks/${made.body.data.id}/deliveries`)).body.data.list.find(
              (d: { id: string }) => d.id === sent.body.data.id,
            ),
          { timeout: 15_000, interval: 250 },
        )
        .toMatchObject({ state: 'failed', attempts: [{ status: null, error: 'EPRIVATETARGET' }] });
    }
    expect(target.got).toEqual([]);
  }, 40_000);
});
