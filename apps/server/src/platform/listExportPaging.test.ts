// A long list's export reads on by key: the pages after the first continue after the last row's
// key in the list's own order (no OFFSET, no count), and the file holds exactly the rows the list
// answers in one call, in its order — with ties broken by id, values missing (last, whichever the
// direction), a descending order, and another customer's rows never in it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness, twoTenants } from '../testing/harness.ts';
import { EXPORT_PAGE_ROWS } from './listExports.ts';

const ROWS = 2 * EXPORT_PAGE_ROWS + 300;
let h: Harness;
let ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  ids = await twoTenants(h, ['operator:view'], {});
  // Codes that sort apart from their insertion, names that tie by the hundred, and a third
  // without a last operation: every way a key can repeat or be missing.
  const insert = `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address,
      license_number, license_received_on, license_valid_till, license_location, phone, last_operated_at)
    SELECT $1, 'P-' || lpad(((n * 7919) % $2)::text, 5, '0'), 'Pat', 'Name ' || (n % 20), '1980-01-01', 'Street 1',
           'LIC', '2000-01-01', '2040-01-01', 'Tokyo', '0123',
           CASE WHEN n % 3 = 0 THEN NULL
                ELSE timestamptz '2026-01-01 00:00:00.123456+00' + (n % 11) * interval '1 hour' END
      FROM generate_series(1, $2) n`;
  await h.database.query(insert, [ids.harbor, ROWS]);
  await h.database.query(insert.replace("'P-'", "'Q-'"), [ids.other, 40]);
  // The audit log newest first on its index: entries of one moment tie, broken by id.
  await h.database.query(
    `INSERT INTO audit_log (created_at, actor_name, customer_id, entity, entity_id, action)
     SELECT timestamptz '2026-02-01 00:00:00.654321+00' - (n / 4) * interval '1 second', 'Paging', $1,
            'vehicle', n::text, 'update'
       FROM generate_series(1, $2) n`,
    [ids.harbor, ROWS],
  );
});
afterAll(async () => h?.close());

const idsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);

describe('a long list export', () => {
  it('holds the audit log newest first, entries of one moment by id, read on by key', async () => {
    const list = await h.as('admin').get('/audit-log?perPage=10000');
    expect(list.status).toBe(200);
    const listed = (list.body.data.list as { id: number }[]).map((e) => String(e.id));
    expect(listed.length).toBeGreaterThanOrEqual(ROWS);
    const exported = await h.as('admin').get('/audit-log/export?column=id%3Aid');
    expect(exported.status).toBe(200);
    expect(idsOf(exported.text)).toEqual(listed);
  });

  it.each([
    ['the default order', ''],
    ['a time with missing values, descending', '&order_by=last_operated_at&order=desc'],
    ['names that tie', '&order_by=name&order=asc'],
  ])('holds the rows of the list in its order, read on by key: %s', async (_, order) => {
    const list = await h.as('manager').get(`/operators?perPage=10000${order}`);
    expect(list.status).toBe(200);
    const listed = (list.body.data.list as { id: string }[]).map((o) => o.id);
    expect(listed.length).toBeGreaterThanOrEqual(ROWS);

    const statements: string[] = [];
    const query = h.database.query.bind(h.database);
    const spy = vi.spyOn(h.database, 'query').mockImplementation(((text: string, params?: unknown[]) => {
      statements.push(text);
      return query(text, params);
    }) as typeof h.database.query);
    const exported = await h.as('manager').get(`/operators/export?column=id%3Aid${order}`);
    spy.mockRestore();
    expect(exported.status).toBe(200);
    expect(idsOf(exported.text)).toEqual(listed);

    const pages = statements.filter((s) => /FROM operators o/.test(s) && /LIMIT/.test(s));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) expect(page).toMatch(/OFFSET 0$/);
    expect(statements.some((s) => /count\(\*\)/.test(s) && /FROM operators o/.test(s))).toBe(false);
  });
});
