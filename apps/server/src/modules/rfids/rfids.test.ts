import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
const token: Record<string, string> = {};
const company: Record<string, string> = {};
const ids: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: string, method: Method, url: string, payload?: object, lang = 'en') =>
  h.app.inject({ method, url, headers: { ...bearer(token[who] ?? ''), 'accept-language': lang }, payload });

async function created(res: Awaited<ReturnType<typeof call>>): Promise<string> {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const operatorBody = (customer: string, code: string) => ({
  customer_id: customer,
  operator_code: code,
  first_name: 'Ren',
  last_name: code,
  birth_date: '1990-01-01',
  address: 'Pier 4',
  license_number: `L-${code}`,
  license_received_on: '2012-01-01',
  license_valid_till: '2032-01-01',
  license_location: 'Harbor City',
  phone: '0123456',
});

beforeAll(async () => {
  h = await startHarness();
  for (const name of ['admin', 'support', 'kitting', 'manager', 'operator'])
    token[name] = await tokenOf(h.app, name);
  for (const row of await h.database.query<{ id: string; stk_user: string }>(
    'SELECT id, stk_user FROM customers',
  ))
    company[row.stk_user] = row.id;
  const harbor = company.harbor ?? '';
  const provider = company.fleetlens ?? '';
  ids.group = await created(
    await call('manager', 'POST', '/api/v1/operator-groups', { name: 'Cards', customer_id: harbor }),
  );
  ids.a = await created(await call('manager', 'POST', '/api/v1/operators', operatorBody(harbor, 'A1')));
  ids.b = await created(await call('manager', 'POST', '/api/v1/operators', operatorBody(harbor, 'B2')));
  ids.otherGroup = await created(
    await call('support', 'POST', '/api/v1/operator-groups', { name: 'Staff', customer_id: provider }),
  );
  ids.otherOperator = await created(
    await call('support', 'POST', '/api/v1/operators', operatorBody(provider, 'Z9')),
  );
  ids.otherCard = await created(
    await call('support', 'POST', '/api/v1/rfids', {
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
    const res = await call('manager', 'POST', '/api/v1/rfids', card());
    ids.card = await created(res);
    expect(res.json().data).toMatchObject({
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
    const dup = await call('manager', 'POST', '/api/v1/rfids', card({ owner: 'Copy' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('RFID exists.');
    expect(dup.json().data.fields[0].field).toBe('rfid');
    const missing = await call('manager', 'POST', '/api/v1/rfids', { customer_id: company.harbor }, 'zh');
    const messages = Object.fromEntries(
      (missing.json().data.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
    );
    expect(messages).toMatchObject({
      rfid: '请输入 RFID。',
      owner: '请输入持有人。',
      group_id: '请选择组。',
    });
  });

  it('assigns to an operator, one at a time on both sides, removes, and keeps dated history', async () => {
    const assigned = await call('manager', 'POST', `/api/v1/rfids/${ids.card}/assignment`, {
      operator_id: ids.a,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ status: 'operator_assigned', operator: { id: ids.a } });
    const op = await call('manager', 'GET', `/api/v1/operators/${ids.a}`);
    expect(op.json().data.rfid).toMatchObject({ rfid: '04:A2:19:7C' });

    const again = await call('manager', 'POST', `/api/v1/rfids/${ids.card}/assignment`, {
      operator_id: ids.b,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This card is already assigned to an operator. Remove it first.');
    const second = await created(await call('manager', 'POST', '/api/v1/rfids', card({ rfid: 'SPARE-1' })));
    const taken = await call('manager', 'POST', `/api/v1/rfids/${second}/assignment`, { operator_id: ids.a });
    expect(taken.json().data.fields[0]).toMatchObject({ field: 'operator_id', key: 'operatorHasRfid' });
    expect((await call('manager', 'DELETE', `/api/v1/rfids/${ids.card}`)).statusCode).toBe(409);

    const removed = await call('manager', 'DELETE', `/api/v1/rfids/${ids.card}/assignment`);
    expect(removed.json().data).toMatchObject({ status: 'not_assigned', operator: null });
    expect(removed.json().data.assigned_till).not.toBeNull();
    expect((await call('manager', 'DELETE', `/api/v1/rfids/${ids.card}/assignment`)).statusCode).toBe(409);
    await call('manager', 'POST', `/api/v1/rfids/${ids.card}/assignment`, { operator_id: ids.b });

    const history = (await call('manager', 'GET', `/api/v1/rfids/${ids.card}/history`)).json().data;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      operator_code: 'B2',
      assigned_till: null,
      assigned_by: 'Mina Manager',
    });
    expect(history[1]).toMatchObject({ operator_code: 'A1', removed_by: 'Mina Manager' });
    expect(history[1].assigned_till >= history[1].assigned_from).toBe(true);

    // Deleting the operator ends its assignment; the history keeps who it was.
    expect((await call('manager', 'DELETE', `/api/v1/operators/${ids.b}`)).statusCode).toBe(200);
    const kept = (await call('manager', 'GET', `/api/v1/rfids/${ids.card}/history`)).json().data;
    expect(kept[0]).toMatchObject({ operator_code: 'B2', operator_id: null });
    expect(kept[0].assigned_till).not.toBeNull();
  });

  it('lists paged, filtered by text and status, sorted', async () => {
    const all = await call('manager', 'GET', '/api/v1/rfids?order_by=rfid&order=desc&perPage=1');
    expect(all.json().data).toMatchObject({ total: 2, list: [{ rfid: 'SPARE-1' }] });
    const free = await call('manager', 'GET', '/api/v1/rfids?status=not_assigned&filter=spare');
    expect(free.json().data.list.map((c: { rfid: string }) => c.rfid)).toEqual(['SPARE-1']);
  });

  it('edits a card; a group of another company is refused; a card in a group keeps it', async () => {
    const { customer_id: _, ...edit } = card({ owner: 'Gate 3' });
    const res = await call('manager', 'PUT', `/api/v1/rfids/${ids.card}`, edit);
    expect(res.json().data.owner).toBe('Gate 3');
    const wrong = await call('manager', 'PUT', `/api/v1/rfids/${ids.card}`, {
      ...edit,
      group_id: ids.otherGroup,
    });
    expect(wrong.statusCode).toBe(400);
    const del = await call('manager', 'DELETE', `/api/v1/operator-groups/${ids.group}`);
    expect(del.statusCode).toBe(409);
  });

  it('keeps each tenant to its own cards and operators', async () => {
    for (const [method, url] of [
      ['GET', `/api/v1/rfids/${ids.otherCard}`],
      ['GET', `/api/v1/rfids/${ids.otherCard}/history`],
      ['DELETE', `/api/v1/rfids/${ids.otherCard}`],
      ['DELETE', `/api/v1/rfids/${ids.otherCard}/assignment`],
    ] as const)
      expect((await call('manager', method, url)).statusCode).toBe(404);
    const steal = await call('manager', 'POST', `/api/v1/rfids/${ids.otherCard}/assignment`, {
      operator_id: ids.a,
    });
    expect(steal.statusCode).toBe(404);
    // An operator of another company cannot be given one of Harbor's cards.
    const spare = (await call('manager', 'GET', '/api/v1/rfids?filter=spare')).json().data.list[0].id;
    const foreign = await call('manager', 'POST', `/api/v1/rfids/${spare}/assignment`, {
      operator_id: ids.otherOperator,
    });
    expect(foreign.statusCode).toBe(400);
    const list = (await call('manager', 'GET', '/api/v1/rfids')).json().data.list;
    expect(list.map((c: { rfid: string }) => c.rfid)).not.toContain('SECRET-CARD');
    // The same card number in another company is another card.
    expect((await call('manager', 'POST', '/api/v1/rfids', card({ rfid: 'SECRET-CARD' }))).statusCode).toBe(
      201,
    );
    expect((await call('operator', 'GET', '/api/v1/rfids')).statusCode).toBe(403);
    expect((await call('kitting', 'GET', '/api/v1/rfids')).statusCode).toBe(200);
  });
});
