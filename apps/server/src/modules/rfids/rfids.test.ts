import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../../testing/api.ts';
import { operatorBody } from '../../testing/bodies.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
const company: Record<string, string> = {};
const ids: Record<string, string> = {};

async function created(res: Answer): Promise<string> {
  expect(res.status, res.body).toBe(201);
  return res.body.data.id;
}

beforeAll(async () => {
  h = await startHarness();
  Object.assign(company, await h.companies());
  const harbor = company.harbor ?? '';
  const provider = company.fleetlens ?? '';
  ids.group = await created(
    await h.as('manager').post('/operator-groups', { name: 'Cards', customer_id: harbor }),
  );
  ids.a = await created(await h.as('manager').post('/operators', operatorBody(harbor, 'A1')));
  ids.b = await created(await h.as('manager').post('/operators', operatorBody(harbor, 'B2')));
  ids.otherGroup = await created(
    await h.as('support').post('/operator-groups', { name: 'Staff', customer_id: provider }),
  );
  ids.otherOperator = await created(await h.as('support').post('/operators', operatorBody(provider, 'Z9')));
  ids.otherCard = await created(
    await h.as('support').post('/rfids', {
      rfid: 'SECRET-CARD',
      owner: 'Provider',
      group_id: ids.otherGroup,
      customer_id: provider,
    }),
  );
});
afterAll(async () => h?.close());

const card = (over: Record<string, unknown> = {}) => ({
  rfid: '04:A2:19:7C',
  owner: 'Harbor Logistics depot',
  group_id: ids.group,
  kitting_id: 'K-2026-01',
  customer_id: company.harbor,
  ...over,
});

describe('RFID cards', () => {
  it('registers a card with its creator and status, and refuses a second with "RFID exists"', async () => {
    const res = await h.as('manager').post('/rfids', card());
    ids.card = await created(res);
    expect(res.body.data).toMatchObject({
      rfid: '04:A2:19:7C',
      owner: 'Harbor Logistics depot',
      group: { name: 'Cards' },
      kitting_id: 'K-2026-01',
      created_by: 'Mina Manager',
      status: 'not_assigned',
      operator: null,
      assigned_from: null,
      assigned_till: null,
    });
    const dup = await h.as('manager').post('/rfids', card({ owner: 'Copy' }));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('RFID exists.');
    expect(dup.body.data.fields[0].field).toBe('rfid');
    const missing = await h.as('manager', { lang: 'zh' }).post('/rfids', { customer_id: company.harbor });
    const messages = missing.fields;
    expect(messages).toMatchObject({
      rfid: '请输入 RFID。',
      owner: '请输入持有人。',
      group_id: '请选择组。',
    });
  });

  it('assigns to an operator, one at a time on both sides, removes, and keeps dated history', async () => {
    const assigned = await h.as('manager').post(`/rfids/${ids.card}/assignment`, {
      operator_id: ids.a,
    });
    expect(assigned.status, assigned.body).toBe(200);
    expect(assigned.body.data).toMatchObject({ status: 'operator_assigned', operator: { id: ids.a } });
    const op = await h.as('manager').get(`/operators/${ids.a}`);
    expect(op.body.data.rfid).toMatchObject({ rfid: '04:A2:19:7C' });

    const again = await h.as('manager').post(`/rfids/${ids.card}/assignment`, {
      operator_id: ids.b,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This card is already assigned to an operator. Remove it first.');
    const second = await created(await h.as('manager').post('/rfids', card({ rfid: 'SPARE-1' })));
    const taken = await h.as('manager').post(`/rfids/${second}/assignment`, { operator_id: ids.a });
    expect(taken.body.data.fields[0]).toMatchObject({ field: 'operator_id', key: 'operatorHasRfid' });
    expect((await h.as('manager').delete(`/rfids/${ids.card}`)).status).toBe(409);

    const removed = await h.as('manager').delete(`/rfids/${ids.card}/assignment`);
    expect(removed.body.data).toMatchObject({ status: 'not_assigned', operator: null });
    expect(removed.body.data.assigned_till).not.toBeNull();
    expect((await h.as('manager').delete(`/rfids/${ids.card}/assignment`)).status).toBe(409);
    await h.as('manager').post(`/rfids/${ids.card}/assignment`, { operator_id: ids.b });

    const history = (await h.as('manager').get(`/rfids/${ids.card}/history`)).body.data;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      operator_code: 'B2',
      assigned_till: null,
      assigned_by: 'Mina Manager',
    });
    expect(history[1]).toMatchObject({ operator_code: 'A1', removed_by: 'Mina Manager' });
    expect(history[1].assigned_till >= history[1].assigned_from).toBe(true);

    // Deleting the operator ends its assignment; the history keeps who it was.
    expect((await h.as('manager').delete(`/operators/${ids.b}`)).status).toBe(200);
    const kept = (await h.as('manager').get(`/rfids/${ids.card}/history`)).body.data;
    expect(kept[0]).toMatchObject({ operator_code: 'B2', operator_id: null });
    expect(kept[0].assigned_till).not.toBeNull();
  });

  it('lists paged, filtered by text and status, sorted', async () => {
    const all = await h.as('manager').get('/rfids?order_by=rfid&order=desc&perPage=1');
    expect(all.body.data).toMatchObject({ total: 2, list: [{ rfid: 'SPARE-1' }] });
    const free = await h.as('manager').get('/rfids?status=not_assigned&filter=spare');
    expect(free.body.data.list.map((c: { rfid: string }) => c.rfid)).toEqual(['SPARE-1']);
  });

  it('edits a card; a group of another company is refused; a card in a group keeps it', async () => {
    const { customer_id: _, ...edit } = card({ owner: 'Gate 3' });
    const res = await h.as('manager').put(`/rfids/${ids.card}`, edit);
    expect(res.body.data.owner).toBe('Gate 3');
    const wrong = await h.as('manager').put(`/rfids/${ids.card}`, {
      ...edit,
      group_id: ids.otherGroup,
    });
    expect(wrong.status).toBe(400);
    const del = await h.as('manager').delete(`/operator-groups/${ids.group}`);
    expect(del.status).toBe(409);
  });

  it('keeps each tenant to its own cards and operators', async () => {
    for (const [method, url] of [
      ['GET', `/rfids/${ids.otherCard}`],
      ['GET', `/rfids/${ids.otherCard}/history`],
      ['DELETE', `/rfids/${ids.otherCard}`],
      ['DELETE', `/rfids/${ids.otherCard}/assignment`],
    ] as const)
      expect((await h.as('manager').request(method, url)).status).toBe(404);
    const steal = await h.as('manager').post(`/rfids/${ids.otherCard}/assignment`, {
      operator_id: ids.a,
    });
    expect(steal.status).toBe(404);
    // An operator of another company cannot be given one of Harbor's cards.
    const spare = (await h.as('manager').get('/rfids?filter=spare')).body.data.list[0].id;
    const foreign = await h.as('manager').post(`/rfids/${spare}/assignment`, {
      operator_id: ids.otherOperator,
    });
    expect(foreign.status).toBe(400);
    const list = (await h.as('manager').get('/rfids')).body.data.list;
    expect(list.map((c: { rfid: string }) => c.rfid)).not.toContain('SECRET-CARD');
    // The same card number in another company is another card.
    expect((await h.as('manager').post('/rfids', card({ rfid: 'SECRET-CARD' }))).status).toBe(201);
    expect((await h.as('operator').get('/rfids')).status).toBe(403);
    expect((await h.as('kitting').get('/rfids')).status).toBe(200);
  });
});
