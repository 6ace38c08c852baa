// A list's coded values in its export as the words the console sends (`label=path:code:Word`, in
// the user's language): a plain state or role, each code of a list of codes, a switch's
// true/false. Lists of different kinds: a described resource (users), one whose row holds a list
// of codes and a switch (customers), and the audit log (its own route, read by date).
import { AUDIT_ACTIONS, CUSTOMER_FUNCTIONS, SYS_ROLES } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const query = (
  columns: [string, string][],
  labels: [string, readonly string[], (code: string) => string][],
) =>
  [
    ...columns.map(([path, title]) => `column=${encodeURIComponent(`${path}:${title}`)}`),
    ...labels.flatMap(([path, codes, word]) =>
      codes.map((code) => `label=${encodeURIComponent(`${path}:${code}:${word(code)}`)}`),
    ),
  ].join('&');
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('the words of coded values in a list export', () => {
  it('writes a role as its word (users)', async () => {
    const csv = await h.as('admin').get(
      `/users/export?${query(
        [
          ['username', 'ユーザー'],
          ['sys_role', '権限'],
        ],
        [['sys_role', SYS_ROLES, (c) => `役割「${c}」`]],
      )}`,
    );
    expect(csv.status).toBe(200);
    const [head, ...rows] = rowsOf(csv.text);
    expect(head).toEqual(['ユーザー', '権限']);
    expect(rows.length).toBeGreaterThan(0);
    for (const [, role] of rows) expect(role).toMatch(/^役割「.+」$/);
  });

  it('writes each code of a list by its word, and a switch as its word (customers)', async () => {
    const asked = query(
      [
        ['name', 'Name'],
        ['functions', 'Functions'],
        ['enabled', 'Status'],
      ],
      [
        ['functions', CUSTOMER_FUNCTIONS, (c) => `F(${c})`],
        ['enabled', ['true', 'false'], (c) => (c === 'true' ? 'Enabled' : 'Disabled')],
      ],
    );
    const csv = await h.as('admin').get(`/customers/export?${asked}`);
    expect(csv.status).toBe(200);
    const text = csv.text.replace(/^\uFEFF/, '');
    expect(text).not.toMatch(/,(TRUE|FALSE)\r\n/);
    expect(text).toMatch(/,Enabled\r\n/);
    // Every function written is a word, joined as the list shows them.
    const functions = text
      .split('\r\n')
      .slice(1)
      .flatMap((line) => [...line.matchAll(/F\(([\w-]+)\)/g)].map((m) => m[1]));
    expect(functions.length).toBeGreaterThan(0);
    for (const code of functions) expect(CUSTOMER_FUNCTIONS).toContain(code);
    for (const code of CUSTOMER_FUNCTIONS)
      expect(text).not.toMatch(new RegExp(`(^|[,"] ?)${code}([,"]|\\r)`));
  });

  it('writes an audit entry’s action as its word (the audit log)', async () => {
    const [customer] = (await h.as('admin').get('/customers')).body.data.list as { id: string }[];
    const group = await h.as('admin').post('/vehicle-groups', {
      customer_id: customer?.id,
      name: 'Export words group',
      description: '',
    });
    expect(group.status).toBe(201);
    const csv = await h
      .as('admin')
      .get(
        `/audit-log/export?${query([['action', '操作']], [['action', AUDIT_ACTIONS, (c) => `操作:${c}`]])}`,
      );
    expect(csv.status).toBe(200);
    const rows = rowsOf(csv.text).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const [action] of rows) expect(action).toMatch(/^操作:/);
  });
});
