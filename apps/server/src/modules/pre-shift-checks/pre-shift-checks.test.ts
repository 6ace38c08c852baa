// Pre-shift checks: the checklists as a described resource (one per customer and vehicle type,
// refused in the caller's language, audited), the phone page's calls (the operator signed on to the
// vehicle answers with their operator ID; a token names one vehicle only), a failed critical item
// locking the vehicle with the lock-out's lock (released by its unlock) and opening a repair on its
// maintenance list, a failed item that is not critical doing neither, another company's vehicles
// and checks answering as missing, and the vehicles driven today without a check.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { INSERT_OPERATOR_SQL, insertedId, insertVehicleWithDevice } from '../../testing/rows.ts';
import { REPAIR_ITEM_NAME } from '../maintenances/public.ts';
import { startOfDay } from './service.ts';

const harness = perFile(() => startHarness());
const h = () => harness;

let harbor = '';
let other = '';
let serial = 0;

const ITEMS = [
  { text: 'Brakes hold on the ramp', critical: true },
  { text: 'Horn sounds', critical: false },
  { text: 'Forks free of cracks', critical: true },
];

/** A vehicle of `customer` with a device whose operator `code` is signed on now (null: nobody). */
async function signedOnVehicle(customer: string, code: string | null, vehicleType = 'reach') {
  serial += 1;
  const vehicle = await insertVehicleWithDevice(
    h().database,
    customer,
    `Check reach ${serial}`,
    `9900${String(serial).padStart(8, '0')}`,
    null,
  );
  await h().database.query('UPDATE vehicles SET vehicle_type = $2 WHERE id = $1', [vehicle.id, vehicleType]);
  let operator: string | null = null;
  if (code) {
    operator = await insertedId(h().database, INSERT_OPERATOR_SQL, [
      customer,
      code,
      'Aiko',
      `Tanaka ${serial}`,
      null,
    ]);
    await h().database.query(
      `INSERT INTO device_states (device_pk, customer_id, rfid, operator_id, signed_on_at) VALUES ($1, $2, 'AB12', $3, now())`,
      [vehicle.device, customer, operator],
    );
  }
  return { ...vehicle, operator };
}

const tokenOf = async (vehicleId: string) => {
  const answer = await h().as('manager').get(`/vehicles/${vehicleId}/pre-shift-link`);
  expect(answer.status).toBe(200);
  return answer.body.data.token as string;
};

const answers = (...passed: boolean[]) => passed.map((p) => ({ passed: p, note: p ? '' : 'Found so' }));

beforeAll(async () => {
  await h().grant('Fleet manager', [
    'vehicle:view',
    'maintenance:view',
    'maintenance:add',
    'maintenance:edit',
    'maintenance:delete',
  ]);
  harbor = await h().companyId('harbor');
  other = await h().addCompany('checkother', 'Check Other Co');
  const made = await h().as('manager').post('/pre-shift-templates', {
    customer_id: harbor,
    vehicle_type: 'reach',
    items: ITEMS,
  });
  expect(made.status).toBe(201);
});

describe('checklists', () => {
  it('keeps one per customer and vehicle type, refuses bad ones in the caller language, and audits each change', async () => {
    const again = await h()
      .as('manager')
      .post('/pre-shift-templates', {
        customer_id: harbor,
        vehicle_type: 'reach',
        items: [{ text: 'Lights', critical: false }],
      });
    expect(again.status).toBe(409);
    expect(again.fields.vehicle_type).toBe('This company already has a checklist for this vehicle type.');

    const empty = await h()
      .as('manager', { lang: 'ja' })
      .post('/pre-shift-templates', { customer_id: harbor, vehicle_type: 'bus', items: [] });
    expect(empty.status).toBe(400);
    expect(empty.fields.items).toBe('点検項目を1つ以上追加してください。');
    const blank = await h()
      .as('manager')
      .post('/pre-shift-templates', { customer_id: harbor, vehicle_type: 'bus', items: [{ text: '  ' }] });
    expect(blank.fields['items.0.text']).toBe('Enter what the operator checks.');

    const bus = await h()
      .as('manager')
      .post('/pre-shift-templates', {
        customer_id: harbor,
        vehicle_type: 'bus',
        items: [{ text: 'Doors close' }],
      });
    expect(bus.body.data).toMatchObject({
      vehicle_type: 'bus',
      items: [{ text: 'Doors close', critical: false }],
    });
    const id = bus.body.data.id as string;
    const edited = await h()
      .as('manager')
      .put(`/pre-shift-templates/${id}`, {
        vehicle_type: 'bus',
        items: [{ text: 'Doors close', critical: true }],
      });
    expect(edited.body.data.items).toEqual([{ text: 'Doors close', critical: true }]);
    expect((await h().as('manager').delete(`/pre-shift-templates/${id}`)).status).toBe(200);
    const audit = await h().database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'pre_shift_template' AND entity_id = $1 ORDER BY id",
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it("never shows or changes another company's checklist", async () => {
    const theirs = await insertedId(
      h().database,
      `INSERT INTO pre_shift_templates (customer_id, vehicle_type, items) VALUES ($1, 'crane', '[{"text":"Theirs","critical":true}]') RETURNING id`,
      [other],
    );
    expect((await h().as('manager').get(`/pre-shift-templates/${theirs}`)).status).toBe(404);
    const put = await h()
      .as('manager')
      .put(`/pre-shift-templates/${theirs}`, { vehicle_type: 'crane', items: [{ text: 'Mine' }] });
    expect(put.status).toBe(404);
    const list = await h().as('manager').get('/pre-shift-templates');
    expect(JSON.stringify(list.body.data)).not.toContain('Theirs');
    const create = await h()
      .as('manager')
      .post('/pre-shift-templates', { customer_id: other, vehicle_type: 'bus', items: [{ text: 'Sneaky' }] });
    // Another company is no company the caller may use: refused as a bad choice, nothing made.
    expect(create.status).toBe(400);
    expect(
      await h().database.query(
        'SELECT 1 FROM pre_shift_templates WHERE customer_id = $1 AND vehicle_type = $2',
        [other, 'bus'],
      ),
    ).toEqual([]);
  });
});

describe('the phone page', () => {
  it('shows the vehicle, who is signed on and the items, to anyone holding its link', async () => {
    const vehicle = await signedOnVehicle(harbor, 'OP-1');
    const form = await h()
      .as(null)
      .get(`/pre-shift/${await tokenOf(vehicle.id)}`);
    expect(form.status).toBe(200);
    expect(form.body.data).toEqual({
      vehicle: { name: expect.stringMatching(/^Check reach/), vehicle_type: 'reach' },
      operator: { name: expect.stringMatching(/^Aiko Tanaka/) },
      items: ITEMS,
      locked: false,
    });
  });

  it("refuses a token of vehicle A used on vehicle B, and a made-up one; A's token reads only A", async () => {
    const a = await signedOnVehicle(harbor, 'OP-A');
    const b = await signedOnVehicle(harbor, 'OP-B');
    const tokenA = await tokenOf(a.id);
    const signature = tokenA.split('.')[1];
    const forged = `${b.id}.${signature}`;
    const read = await h().as(null).get(`/pre-shift/${forged}`);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('This check link is not valid. Scan the code on the vehicle again.');
    const write = await h()
      .as(null)
      .post(`/pre-shift/${forged}`, { operator_code: 'OP-B', answers: answers(false, true, true) });
    expect(write.status).toBe(404);
    expect((await h().as(null).get(`/pre-shift/${a.id}.nonsense`)).status).toBe(404);
    // A's token with B's operator: B's operator is not signed on to A.
    const wrong = await h()
      .as(null)
      .post(`/pre-shift/${tokenA}`, { operator_code: 'OP-B', answers: answers(true, true, true) });
    expect(wrong.status).toBe(403);
    const checks = await h().database.query('SELECT 1 FROM pre_shift_checks WHERE vehicle_id = ANY($1)', [
      [a.id, b.id],
    ]);
    expect(checks).toEqual([]);
    const locks = await h().database.query('SELECT 1 FROM vehicle_lockouts WHERE vehicle_id = $1', [b.id]);
    expect(locks).toEqual([]);
  });

  it('refuses when nobody is signed on, when the operator ID is not theirs, and when the checklist changed', async () => {
    const nobody = await signedOnVehicle(harbor, null);
    const none = await h()
      .as(null, { lang: 'zh' })
      .post(`/pre-shift/${await tokenOf(nobody.id)}`, {
        operator_code: 'OP-X',
        answers: answers(true, true, true),
      });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('没有人登录此车辆。请先用 RFID 卡登录，然后重新打开检查。');
    const vehicle = await signedOnVehicle(harbor, 'OP-2');
    const token = await tokenOf(vehicle.id);
    const notTheirs = await h()
      .as(null)
      .post(`/pre-shift/${token}`, { operator_code: 'OP-3', answers: answers(true, true, true) });
    expect(notTheirs.status).toBe(403);
    const short = await h()
      .as(null)
      .post(`/pre-shift/${token}`, { operator_code: 'op-2', answers: answers(true) });
    expect(short.status).toBe(409);
    const noCode = await h()
      .as(null)
      .post(`/pre-shift/${token}`, { operator_code: ' ', answers: answers(true, true, true) });
    expect(noCode.status).toBe(400);
    expect(noCode.fields.operator_code).toBe('Enter your operator ID.');
    const noList = await signedOnVehicle(harbor, 'OP-4', 'crane');
    const refused = await h()
      .as(null)
      .post(`/pre-shift/${await tokenOf(noList.id)}`, { operator_code: 'OP-4', answers: [] });
    expect(refused.status).toBe(409);
    expect(
      await h().database.query('SELECT 1 FROM pre_shift_checks WHERE vehicle_id = ANY($1)', [
        [nobody.id, vehicle.id, noList.id],
      ]),
    ).toEqual([]);
  });
});

describe('a check answered', () => {
  it('with a failed critical item locks the vehicle, opens its repair task, and the unlock releases it', async () => {
    const vehicle = await signedOnVehicle(harbor, 'OP-5');
    const token = await tokenOf(vehicle.id);
    const done = await h()
      .as(null)
      .post(`/pre-shift/${token}`, { operator_code: 'op-5', answers: answers(false, true, true) });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ passed: false, locked: true });

    const lock = await h().as('manager').get(`/vehicles/${vehicle.id}/lockout`);
    expect(lock.body.data.lockout).toMatchObject({
      cause: 'check',
      event: null,
      check: { id: done.body.data.id, failed: ['Brakes hold on the ramp'] },
      impact_g: null,
      lock_command_status: 'queued',
    });
    const [command] = await h().database.query<{ params: { check_id: string } }>(
      "SELECT params FROM device_commands WHERE device_pk = $1 AND type = 'vehicle-lock'",
      [vehicle.device],
    );
    expect(command?.params.check_id).toBe(done.body.data.id);
    expect((await h().as(null).get(`/pre-shift/${token}`)).body.data.locked).toBe(true);

    const [task] = await h().database.query<{ state: string; comment: string; name: string }>(
      `SELECT mv.state, mv.comment, i.name FROM maintenance_vehicles mv
         JOIN maintenances m ON m.id = mv.maintenance_id JOIN maintenance_items i ON i.id = m.item_id
        WHERE mv.vehicle_id = $1`,
      [vehicle.id],
    );
    expect(task).toEqual({
      state: 'due',
      comment: 'Brakes hold on the ramp: Found so',
      name: REPAIR_ITEM_NAME,
    });

    const list = await h().as('manager').get(`/pre-shift-checks?vehicle_id=${vehicle.id}`);
    expect(list.body.data.list).toMatchObject([
      {
        vehicle: { id: vehicle.id },
        operator: { id: vehicle.operator, name: expect.stringMatching(/^Aiko Tanaka/) },
        passed: false,
        critical_failed: true,
        items: [
          { text: 'Brakes hold on the ramp', critical: true, passed: false, note: 'Found so' },
          { text: 'Horn sounds', critical: false, passed: true, note: '' },
          { text: 'Forks free of cracks', critical: true, passed: true, note: '' },
        ],
      },
    ]);
    const critical = await h().as('manager').get('/pre-shift-checks?result=critical');
    expect((critical.body.data.list as { id: string }[]).map((c) => c.id)).toContain(done.body.data.id);

    const unlocked = await h()
      .as('manager')
      .post(`/vehicles/${vehicle.id}/unlock`, { reason: 'Brakes adjusted' });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({ cause: 'check', unlock_reason: 'Brakes adjusted' });
    expect((await h().as('manager').get(`/vehicles/${vehicle.id}/lockout`)).body.data.lockout).toBeNull();
  });

  it('with only a failed item that is not critical is kept, and neither locks nor opens a task', async () => {
    const vehicle = await signedOnVehicle(harbor, 'OP-6');
    const done = await h()
      .as(null)
      .post(`/pre-shift/${await tokenOf(vehicle.id)}`, {
        operator_code: 'OP-6',
        answers: answers(true, false, true),
      });
    expect(done.body.data).toMatchObject({ passed: false, locked: false });
    expect(
      await h().database.query('SELECT 1 FROM vehicle_lockouts WHERE vehicle_id = $1', [vehicle.id]),
    ).toEqual([]);
    expect(
      await h().database.query('SELECT 1 FROM maintenance_vehicles WHERE vehicle_id = $1', [vehicle.id]),
    ).toEqual([]);
    expect(
      await h().database.query('SELECT 1 FROM device_commands WHERE device_pk = $1', [vehicle.device]),
    ).toEqual([]);
    const failed = await h().as('manager').get(`/pre-shift-checks?vehicle_id=${vehicle.id}&result=failed`);
    expect(failed.body.data.total).toBe(1);
    const passedOnly = await h()
      .as('manager')
      .get(`/pre-shift-checks?vehicle_id=${vehicle.id}&result=passed`);
    expect(passedOnly.body.data.total).toBe(0);
  });

  it("answers another company's vehicle and its checks as missing", async () => {
    const theirs = await signedOnVehicle(other, 'OP-7');
    expect((await h().as('manager').get(`/vehicles/${theirs.id}/pre-shift-link`)).status).toBe(404);
    expect((await h().as('manager').get(`/pre-shift-checks?vehicle_id=${theirs.id}`)).status).toBe(404);
    await h().database.query(
      `INSERT INTO pre_shift_checks (customer_id, vehicle_id, operator_name, passed, critical_failed, items)
       VALUES ($1, $2, 'Their checker', true, false, '[]')`,
      [other, theirs.id],
    );
    const all = await h().as('manager').get('/pre-shift-checks');
    expect(JSON.stringify(all.body.data)).not.toContain('Their checker');
    expect((await h().as('manager').get(`/pre-shift-checks?customer_id=${other}`)).body.data.total ?? 0).toBe(
      0,
    );
  });
});

describe("a check's photo", () => {
  it('is added once, through the same vehicle link, re-encoded as JPEG without its metadata, and shown to who sees the check', async () => {
    const vehicle = await signedOnVehicle(harbor, 'OP-P');
    const token = await tokenOf(vehicle.id);
    const done = await h()
      .as(null)
      .post(`/pre-shift/${token}`, { operator_code: 'OP-P', answers: answers(true, false, true) });
    const id = done.body.data.id as string;
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c03020' } })
      .png()
      .withMetadata({ exif: { IFD0: { Make: 'SecretPhone' } } })
      .toBuffer();

    // Another vehicle's link, or no picture at all: refused, nothing kept.
    const other = await signedOnVehicle(harbor, 'OP-Q');
    const wrongLink = await h()
      .as(null)
      .upload(`/pre-shift/${await tokenOf(other.id)}/checks/${id}/photo`, {}, { name: 'p.png', data: png });
    expect(wrongLink.status).toBe(409);
    const notPicture = await h()
      .as(null, { lang: 'ja' })
      .upload(
        `/pre-shift/${token}/checks/${id}/photo`,
        {},
        { name: 'p.png', data: Buffer.from('not a picture') },
      );
    expect(notPicture.status).toBe(400);
    expect(notPicture.fields.file).toBe('写真はJPEG、PNG、WebPの画像にしてください。');

    const added = await h()
      .as(null)
      .upload(`/pre-shift/${token}/checks/${id}/photo`, {}, { name: 'p.png', data: png });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual({ id, has_photo: true });
    const again = await h()
      .as(null)
      .upload(`/pre-shift/${token}/checks/${id}/photo`, {}, { name: 'p.png', data: png });
    expect(again.status).toBe(409);

    const shown = await h().as('manager').get(`/pre-shift-checks/${id}/photo`);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    const kept = await sharp(shown.raw).metadata();
    expect({ format: kept.format, width: kept.width, height: kept.height, exif: kept.exif }).toEqual({
      format: 'jpeg',
      width: 1600,
      height: 800,
      exif: undefined,
    });
    const listed = await h().as('manager').get(`/pre-shift-checks?vehicle_id=${vehicle.id}`);
    expect(listed.body.data.list[0].has_photo).toBe(true);
  });

  it("is refused past its time, and another company's answers as missing", async () => {
    const vehicle = await signedOnVehicle(harbor, 'OP-R');
    const token = await tokenOf(vehicle.id);
    const done = await h()
      .as(null)
      .post(`/pre-shift/${token}`, { operator_code: 'OP-R', answers: answers(true, true, true) });
    const id = done.body.data.id as string;
    await h().database.query(
      "UPDATE pre_shift_checks SET done_at = now() - interval '16 minutes' WHERE id = $1",
      [id],
    );
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const late = await h()
      .as(null)
      .upload(`/pre-shift/${token}/checks/${id}/photo`, {}, { name: 'p.jpg', data: jpeg });
    expect(late.status).toBe(409);
    expect((await h().as('manager').get(`/pre-shift-checks/${id}/photo`)).status).toBe(404);

    const theirs = await signedOnVehicle(other, 'OP-S');
    const theirCheck = await insertedId(
      h().database,
      `INSERT INTO pre_shift_checks (customer_id, vehicle_id, operator_name, passed, critical_failed, items, photo)
       VALUES ($1, $2, 'Them', true, false, '[]', $3) RETURNING id`,
      [other, theirs.id, jpeg],
    );
    expect((await h().as('manager').get(`/pre-shift-checks/${theirCheck}/photo`)).status).toBe(404);
  });
});

describe('vehicles driven today without a check', () => {
  it('lists a vehicle signed on to today until it is checked', async () => {
    const vehicle = await signedOnVehicle(harbor, 'OP-8');
    await h().database.query(
      `INSERT INTO operator_sign_ons (device_pk, message_id, customer_id, vehicle_id, action, rfid, operator_id, time)
       VALUES ($1, 'so-1', $2, $3, 'sign-on', 'AB12', $4, now())`,
      [vehicle.device, harbor, vehicle.id, vehicle.operator],
    );
    const ids = async () =>
      (
        (await h().as('manager').get('/pre-shift-checks/unchecked?tz=Asia/Tokyo')).body.data.list as {
          id: string;
        }[]
      ).map((v) => v.id);
    expect(await ids()).toContain(vehicle.id);
    await h()
      .as(null)
      .post(`/pre-shift/${await tokenOf(vehicle.id)}`, {
        operator_code: 'OP-8',
        answers: answers(true, true, true),
      });
    expect(await ids()).not.toContain(vehicle.id);
    const bad = await h().as('manager').get('/pre-shift-checks/unchecked?tz=Mars/Olympus');
    expect(bad.status).toBe(400);
  });

  it("starts the day at the viewer's midnight", () => {
    expect(startOfDay(new Date('2026-03-01T14:30:00Z'), 'Asia/Tokyo')).toEqual({
      start: new Date('2026-02-28T15:00:00Z'),
      day: '2026-03-01',
    });
    expect(startOfDay(new Date('2026-03-01T15:30:00Z'), 'Asia/Tokyo')).toEqual({
      start: new Date('2026-03-01T15:00:00Z'),
      day: '2026-03-02',
    });
    expect(startOfDay(new Date('2026-07-04T03:00:00Z'), 'America/New_York')).toEqual({
      start: new Date('2026-07-03T04:00:00Z'),
      day: '2026-07-03',
    });
  });
});
