import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { expectRefused } from '../../testing/refusal.ts';

let h: Harness;
const company: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  Object.assign(company, await h.companies());
  // Harbor allows random videos of up to 3 minutes.
  await h.database.query("UPDATE customers SET random_video_max_seconds = 180 WHERE stk_user = 'harbor'");
});
afterAll(async () => h?.close());

const operator = (over: Record<string, unknown> = {}) => ({
  customer_id: company.harbor,
  operator_code: 'OP-001',
  first_name: 'Mika',
  last_name: 'Tanaka',
  birth_date: '1988-04-12',
  address: '1 Quay Road, Harbor City',
  license_number: 'FL-778812',
  license_received_on: '2010-06-01',
  license_valid_till: '2030-05-31',
  license_location: 'Harbor City',
  phone: '+81 90-1234-5678',
  memos: ['Night shift', 'Reach trucks'],
  icon: 'helmet',
  ...over,
});

async function createGroup(name: string, customer = company.harbor) {
  const res = await h.as('manager').post('/operator-groups', { name, customer_id: customer });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

describe('operators', () => {
  it('a fleet manager creates an operator with every field and reads it back', async () => {
    const group = await createGroup('Night shift');
    const res = await h.as('manager').post('/operators', operator({ group_id: group }));
    expect(res.status).toBe(201);
    const created = res.body.data;
    expect(created).toMatchObject({
      operator_code: 'OP-001',
      birth_date: '1988-04-12',
      license_valid_till: '2030-05-31',
      memos: ['Night shift', 'Reach trucks'],
      icon: 'helmet',
      customer: { name: 'Harbor Logistics' },
      group: { id: group, name: 'Night shift' },
      rfid: null,
      safe_driving_seconds: null,
      total_uptime_seconds: null,
      last_operated_at: null,
      random_video_enabled: false,
    });
    const one = await h.as('sales').get(`/operators/${created.id}`);
    expect(one.body.data.first_name).toBe('Mika');
  });

  it('refuses an operator id already registered in the company, and changes nothing', async () => {
    const res = await h.as('manager').post('/operators', operator({ first_name: 'Copy' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The ID has already been registered.');
    expect(res.body.data.fields).toEqual([expect.objectContaining({ field: 'operator_code' })]);
    const rows = await h.database.query("SELECT 1 FROM operators WHERE first_name = 'Copy'");
    expect(rows).toHaveLength(0);
    // The same id in another company is another operator.
    const other = await h.as('support').post('/operators', operator({ customer_id: company.fleetlens }));
    expect(other.status).toBe(201);
  });

  it('gives each missing required field its own translated message', async () => {
    const res = await h.as('manager', { lang: 'ja' }).post('/operators', { customer_id: company.harbor });
    expectRefused(res, {
      operator_code: 'オペレーターIDを入力してください。',
      first_name: '名を入力してください。',
      last_name: '姓を入力してください。',
      birth_date: '生年月日を入力してください。',
      address: '住所を入力してください。',
      license_number: '免許証番号を入力してください。',
      license_received_on: '免許取得日を入力してください。',
      license_valid_till: '免許の有効期限を入力してください。',
      license_location: '免許の取得地を入力してください。',
      phone: '電話番号を入力してください。',
    });
  });

  it('checks formats, memos, license dates and the company’s random video maximum', async () => {
    const bad = await h.as('manager').post(
      '/operators',
      operator({
        operator_code: 'OP-X',
        phone: 'call me',
        memos: ['1', '2', '3', '4', '5'],
        birth_date: '1990-02-31',
      }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.fields).sort()).toEqual(['birth_date', 'memos', 'phone']);
    const dates = await h
      .as('manager')
      .post('/operators', operator({ operator_code: 'OP-X', license_valid_till: '2009-01-01' }));
    expect(dates.body.data.fields[0]).toMatchObject({ field: 'license_valid_till', key: 'licenseDates' });
    const long = await h.as('manager').post(
      '/operators',
      operator({
        operator_code: 'OP-X',
        random_video_enabled: true,
        random_video_days: ['fri', 'mon'],
        random_video_minutes: 4,
      }),
    );
    expectRefused(long, { random_video_minutes: 'This company allows random videos of at most 3 minutes.' });
    const noDays = await h
      .as('manager')
      .post('/operators', operator({ operator_code: 'OP-X', random_video_enabled: true }));
    expect(noDays.body.data.fields[0]).toMatchObject({ field: 'random_video_days' });
    expect(await h.database.query("SELECT 1 FROM operators WHERE operator_code = 'OP-X'")).toHaveLength(0);
  });

  it('lists paged, sorted and filtered on the server', async () => {
    for (const [code, last] of [
      ['OP-002', 'Adams'],
      ['OP-003', 'Brown'],
      ['OP-004', 'Chen'],
    ] as const)
      expect(
        (await h.as('manager').post('/operators', operator({ operator_code: code, last_name: last }))).status,
      ).toBe(201);
    const page = await h.as('manager').get('/operators?perPage=2&page=1&order_by=name&order=asc');
    expect(page.body.data.total).toBe(4);
    expect(page.body.data.list.map((o: { last_name: string }) => o.last_name)).toEqual(['Adams', 'Brown']);
    const found = await h.as('manager').get('/operators?filter=chen');
    expect(found.body.data.list.map((o: { operator_code: string }) => o.operator_code)).toEqual(['OP-004']);
  });

  it('edits an operator, keeps its company, refuses a group of another company', async () => {
    const [row] = await h.database.query<{ id: string }>(
      "SELECT id FROM operators WHERE operator_code = 'OP-002' AND customer_id = $1",
      [company.harbor],
    );
    const id = row?.id ?? '';
    const { customer_id: _, ...edit } = operator({ operator_code: 'OP-002', last_name: 'Adamson' });
    const res = await h.as('manager').put(`/operators/${id}`, edit);
    expect(res.status).toBe(200);
    expect(res.body.data.last_name).toBe('Adamson');
    const foreign = await createGroup('North crew', company['harbor-north']);
    const wrong = await h.as('manager').put(`/operators/${id}/group`, { group_id: foreign });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].message).toBe('The group does not belong to this company.');
  });

  it('sets random video for many operators at once, all or nothing', async () => {
    const ids = (await h.as('manager').get('/operators')).body.data.list.map((o: { id: string }) => o.id);
    const settings = {
      random_video_enabled: true,
      random_video_days: ['wed', 'mon'],
      random_video_per_week: 3,
      random_video_minutes: 2,
    };
    const ok = await h.as('manager').put('/operators/random-video', {
      operator_ids: ids,
      ...settings,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.updated).toBe(ids.length);
    const after = await h.as('manager').get(`/operators/${ids[0]}`);
    expect(after.body.data).toMatchObject({ random_video_days: ['mon', 'wed'], random_video_per_week: 3 });

    // One operator of another customer in the batch: nothing changes.
    const [stranger] = await h.database.query<{ id: string }>(
      'SELECT id FROM operators WHERE customer_id = $1',
      [company.fleetlens],
    );
    const failed = await h.as('manager').put('/operators/random-video', {
      operator_ids: [...ids, stranger?.id],
      ...settings,
      random_video_minutes: 1,
    });
    expect(failed.status).toBe(400);
    expect(failed.body.message).toBe('Operator batch update failed.');
    const minutes = await h.database.query<{ m: number }>(
      'SELECT DISTINCT random_video_minutes AS m FROM operators WHERE customer_id = $1',
      [company.harbor],
    );
    expect(minutes).toEqual([{ m: 2 }]);
    const tooLong = await h.as('manager').put('/operators/random-video', {
      operator_ids: ids,
      ...settings,
      random_video_minutes: 5,
    });
    expect(tooLong.body.message).toBe('Operator batch update failed.');
    const none = await h.as('manager').put('/operators/random-video', {
      operator_ids: [],
      ...settings,
    });
    expect(none.body.data.fields[0].message).toBe('Select an operator.');
  });

  it('a group with members cannot be deleted; an empty one can', async () => {
    const groups = (await h.as('manager').get('/operator-groups?order_by=name')).body.data.list;
    const night = groups.find((g: { name: string }) => g.name === 'Night shift');
    expect(night.member_count).toBe(1);
    const detail = await h.as('manager').get(`/operator-groups/${night.id}`);
    expect(detail.body.data.members).toEqual([expect.objectContaining({ operator_code: 'OP-001' })]);
    const refused = await h.as('manager').delete(`/operator-groups/${night.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The group has users.');
    const empty = await createGroup('Day shift');
    expect((await h.as('manager').delete(`/operator-groups/${empty}`)).status).toBe(200);
    const dup = await h.as('manager').post('/operator-groups', {
      name: 'Night shift',
      customer_id: company.harbor,
    });
    expect(dup.status).toBe(409);
    const blank = await h.as('manager').post('/operator-groups', {
      name: ' ',
      customer_id: company.harbor,
    });
    expect(blank.body.data.fields[0].message).toBe('Enter the group name.');
  });

  it('keeps each tenant to its own operators and groups', async () => {
    // The sub company's user has no operator privileges; staff of kitting neither.
    expect((await h.as('operator').get('/operators')).status).toBe(403);
    expect((await h.as('kitting').post('/operators', operator())).status).toBe(403);
    const [stranger] = await h.database.query<{ id: string }>(
      'SELECT id FROM operators WHERE customer_id = $1',
      [company.fleetlens],
    );
    expect((await h.as('manager').get(`/operators/${stranger?.id}`)).status).toBe(404);
    expect((await h.as('manager').delete(`/operators/${stranger?.id}`)).status).toBe(404);
    const list = await h.as('manager').get('/operators?perPage=100');
    expect(
      list.body.data.list.every((o: { customer: { id: string } }) => o.customer.id !== company.fleetlens),
    ).toBe(true);
    const intoOther = await h
      .as('manager')
      .post('/operators', operator({ customer_id: company.fleetlens, operator_code: 'OP-9' }));
    expect(intoOther.status).toBe(400);
    expect(intoOther.body.data.fields[0].field).toBe('customer_id');
  });
});
