// Each kind of webhook beyond new events, from the module where it happens to a receiver: a lock
// after an impact and its unlock (with the reason and who), a maintenance falling due as the
// evaluation finds it, a failed pre-shift check published through integrations' public face.
// Each is delivered signed, in the body its schema documents, to the subscribed webhooks of its
// own company only: another company's webhook, subscribed to every kind, never receives it.
import { type WEBHOOK_DATA, WEBHOOK_HEADERS, WEBHOOK_KINDS, webhookBodySchema } from '@fleetlens/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { addPlan, MONTHLY } from '../../testing/maintenance.ts';
import { perFile } from '../../testing/perFile.ts';
import { INSERT_OPERATOR_SQL, insertedId, insertVehicleWithDevice } from '../../testing/rows.ts';
import { type Received, type Receiver, receiver, signatureHolds } from '../../testing/webhookReceiver.ts';
import { announceEventsCreated } from '../events/announce.ts';
import { publishWebhooks } from './public.ts';

const h = perFile(() => startHarness({ WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRY_LIMIT: '1' }));
const DAY = 86_400_000;

let harbor = '';
let quayside = '';
/** Harbor's webhook of every kind, Harbor's of event.created only, Quayside's of every kind. */
let ours: Receiver;
let narrow: Receiver;
let theirs: Receiver;
let secret = '';

async function register(customerId: string, url: string, kinds: readonly string[], who = 'manager') {
  const res = await h.as(who).post('/webhooks', {
    name: `Hook ${url}`,
    customer_id: customerId,
    url,
    kinds,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
}

/** The bodies of `kind` a receiver got, each checked against its documented schema. */
function bodiesOf(target: Receiver, kind: string) {
  return target.got
    .filter((r) => r.headers[WEBHOOK_HEADERS.kind] === kind)
    .map((r) => ({ received: r, body: JSON.parse(r.body) }));
}

async function delivered(kind: keyof typeof WEBHOOK_DATA, count = 1) {
  await expect.poll(() => bodiesOf(ours, kind).length, { timeout: 15_000, interval: 200 }).toBe(count);
  const got = bodiesOf(ours, kind);
  for (const { received, body } of got) {
    expect(signatureHolds(secret, received as Received)).toBe(true);
    expect(body.customer_id).toBe(harbor);
    expect(() => webhookBodySchema(kind).parse(body)).not.toThrow();
  }
  return got.map((g) => g.body);
}

beforeAll(async () => {
  await h.grant('Fleet manager', [
    'vehicle:view',
    'vehicle:edit',
    'maintenance:view',
    'maintenance:add',
    'maintenance:edit',
  ]);
  harbor = await h.companyId('harbor');
  quayside = await h.addCompany('quayside', 'Quayside Ltd');
  ours = await receiver();
  narrow = await receiver();
  theirs = await receiver();
  secret = (await register(harbor, ours.url, WEBHOOK_KINDS)).secret;
  await register(harbor, narrow.url, ['event.created']);
  await register(quayside, theirs.url, WEBHOOK_KINDS, 'admin');
});

describe('webhook kinds', () => {
  it('tells a lock after an impact and its unlock, with the reason and who released it', async () => {
    const group = await h.as('admin').post('/vehicle-groups', {
      customer_id: harbor,
      name: 'Reach trucks',
      description: '',
      lockout_impact_g: 2,
    });
    expect(group.status).toBe(201);
    const truck = await insertVehicleWithDevice(
      h.database,
      harbor,
      'Reach truck 7',
      '8800071',
      group.body.data.id,
    );
    const impact = await insertedId(
      h.database,
      `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
                                  direction, gx, gy, gz, roll, pitch, yaw, cameras, clips_pending, video_status)
       VALUES ($1, gen_random_uuid()::text, $2, $3, now(), 'Impact', 35, 139, 5, 0, 2.6, 0, 1, 0, 0, 0, 0, false, 1)
       RETURNING id`,
      [truck.device, harbor, truck.id],
    );
    await announceEventsCreated(h.hub, [impact]);
    const [locked] = await delivered('lockout.locked');
    expect(locked.data.lockout).toMatchObject({
      vehicle: { id: truck.id, name: 'Reach truck 7' },
      event: { id: impact },
      impact_g: 2.6,
      level_g: 2,
      unlocked_at: null,
    });

    const unlock = await h
      .as('manager')
      .post(`/vehicles/${truck.id}/unlock`, { reason: 'Mast checked, driver unhurt' });
    expect(unlock.status).toBe(200);
    const [unlocked] = await delivered('lockout.unlocked');
    expect(unlocked.data.lockout).toMatchObject({
      id: locked.data.lockout.id,
      unlocked_by: 'manager',
      unlock_reason: 'Mast checked, driver unhurt',
    });
    expect(unlocked.data.lockout.unlocked_at).toEqual(expect.any(String));
    // The event itself went to both of Harbor's webhooks of event.created.
    await expect.poll(() => bodiesOf(narrow, 'event.created').length, { timeout: 15_000 }).toBe(1);
    expect(bodiesOf(narrow, 'lockout.locked')).toEqual([]);
  }, 40_000);

  it('tells a maintenance falling due as the evaluation finds it', async () => {
    const van = await h.addVehicle(harbor, 'Calendar van');
    const { plan } = await addPlan(h.as('manager'), harbor, 'Brakes', MONTHLY);
    expect(plan.status).toBe(201);
    // Last done 40 days ago (server time, UTC): overdue as soon as the evaluation looks.
    const last = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 19).replace('T', ' ');
    const assigned = await h
      .as('manager')
      .post(`/maintenances/${plan.body.data.id}/vehicles`, { vehicle_id: van, last_maintenance_at: last });
    expect(assigned.status).toBe(201);
    const [due] = await delivered('maintenance.due');
    expect(due.data).toMatchObject({
      maintenance: { id: plan.body.data.id, name: 'Brakes' },
      vehicle: { id: van, name: 'Calendar van' },
      state: 'overdue',
      hours_left: null,
    });
    expect(Date.parse(due.data.due_at)).toBeLessThan(Date.now());
  }, 40_000);

  it("tells a failed pre-shift check and the lock it caused to its own company's webhooks only", async () => {
    // Harbor's operator fails a critical item on the phone page (the lock's webhook follows the
    // check's); Quayside's check is published straight through the public face.
    await h.grant('Fleet manager', ['vehicle:view', 'maintenance:add']);
    const made = await h.as('manager').post('/pre-shift-templates', {
      customer_id: harbor,
      vehicle_type: 'counter',
      items: [
        { text: 'Brakes hold', critical: true },
        { text: 'Horn sounds', critical: false },
      ],
    });
    expect(made.status).toBe(201);
    const truck = await insertVehicleWithDevice(h.database, harbor, 'Checked truck', '990000000777', null);
    await h.database.query("UPDATE vehicles SET vehicle_type = 'counter' WHERE id = $1", [truck.id]);
    const operator = await insertedId(h.database, INSERT_OPERATOR_SQL, [
      harbor,
      'OP-77',
      'Ren',
      'Mori',
      null,
    ]);
    await h.database.query(
      `INSERT INTO device_states (device_pk, customer_id, rfid, operator_id, signed_on_at) VALUES ($1, $2, 'CD34', $3, now())`,
      [truck.device, harbor, operator],
    );
    const link = await h.as('manager').get(`/vehicles/${truck.id}/pre-shift-link`);
    const sent = await h.as(null).post(`/pre-shift/${link.body.data.token}`, {
      operator_code: 'OP-77',
      answers: [
        { passed: false, note: 'soft pedal' },
        { passed: true, note: '' },
      ],
    });
    expect(sent.status).toBe(201);
    const [failed] = await delivered('check.failed');
    expect(failed.data.check).toMatchObject({
      id: sent.body.data.id,
      vehicle: { id: truck.id, name: 'Checked truck' },
      operator: { id: operator, name: 'Ren Mori' },
      failed_items: [{ text: 'Brakes hold', critical: true, note: 'soft pedal' }],
      locked: true,
    });
    const locks = await delivered('lockout.locked', 2);
    expect(locks.map((l) => l.data.lockout.vehicle?.id)).toContain(truck.id);

    await publishWebhooks(h.hub, 'check.failed', [
      {
        customerId: quayside,
        data: {
          check: {
            id: crypto.randomUUID(),
            vehicle: { id: crypto.randomUUID(), name: 'Quay forklift' },
            operator: null,
            done_at: new Date().toISOString(),
            failed_items: [{ text: 'Horn', critical: false, note: 'silent' }],
            locked: false,
          },
        },
      },
    ]);
    await expect.poll(() => bodiesOf(theirs, 'check.failed').length, { timeout: 15_000 }).toBe(1);
    expect(bodiesOf(theirs, 'check.failed')[0]?.body.data.check.vehicle.name).toBe('Quay forklift');
  }, 40_000);

  it("never sends one company's happenings to another company's webhook", async () => {
    const everything = theirs.got.map((r) => JSON.parse(r.body));
    expect(everything.map((b) => b.kind)).toEqual(['check.failed']);
    expect(everything.every((b) => b.customer_id === quayside)).toBe(true);
    const harborKinds = new Set(ours.got.map((r) => r.headers[WEBHOOK_HEADERS.kind]));
    expect([...harborKinds].sort()).toEqual([
      'check.failed',
      'event.created',
      'lockout.locked',
      'lockout.unlocked',
      'maintenance.due',
    ]);
    const stored = await h.database.query<{ customer_id: string; webhook_customer: string }>(
      `SELECT d.customer_id, w.customer_id AS webhook_customer FROM webhook_deliveries d
         JOIN webhooks w ON w.id = d.webhook_id`,
    );
    expect(stored.every((d) => d.customer_id === d.webhook_customer)).toBe(true);
  });
});
