import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@fleetlens/contracts';
import { create as openFont } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { translate } from '../../platform/i18n.ts';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { INSERT_DEVICE_SQL } from '../../testing/rows.ts';
import { exportReport } from './export.ts';
import { baseFont, fontData, fontRuns } from './fonts.ts';

const h = perFile(startHarness);
/** Where the PDF test leaves its files and page images, to look at them. */
const OUT = join(process.env.REPORTS_PDF_OUT ?? '/tmp', 'fleetlens-report-pdfs');
const has = (tool: string) => {
  try {
    execFileSync('which', [tool]);
    return true;
  } catch {
    return false;
  }
};

/** A harbor vehicle, and a reader in the sub company (harbor-north) who may only read reports. */
let made: Promise<{ harbor: string; north: string; truck: string; northTruck: string }> | undefined;
const setUp = () => {
  made ??= makeFleet();
  return made;
};
async function makeFleet() {
  const harbor = await h.companyId('harbor');
  const north = await h.companyId('harbor-north');
  const truck = await h.addVehicle(harbor, 'Report Truck 車両 ယာဉ်');
  const northTruck = await h.addVehicle(north, 'North Report Truck');
  const [role] = await h.database.query<{ id: string }>(
    `INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Report reader', ARRAY['report:view'])
     ON CONFLICT (customer_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [north],
  );
  await h.database.query(`UPDATE users SET role_id = $1 WHERE username = 'operator'`, [role?.id]);
  // Harsh events of the truck on 2 November 2026 between 09:00 and 12:00 Tokyo time.
  const [device] = await h.database.query<{ id: string }>(INSERT_DEVICE_SQL, [harbor, '880088008801', truck]);
  const events: [string, string][] = [
    ['09:10', 'Impact'],
    ['09:20', 'Impact'],
    ['10:05', 'SuddenAcceleration'],
    ['11:30', 'Impact'],
    ['11:40', 'TurnLeft'],
  ];
  for (const [i, [time, type]] of events.entries())
    await h.database.query(
      `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
         direction, gx, gy, gz, roll, pitch, yaw, cameras)
       VALUES ($1, $2, $3, $4, $5, $6, 35.6, 139.77, 10, 0, 0.5, 0, 1, 0, 0, 0, 0)`,
      [device?.id, `report-e-${i}`, harbor, truck, `2026-11-02T${time}:00+09:00`, type],
    );
  return { harbor, north, truck, northTruck };
}

const body = (fields: Record<string, unknown>) => ({
  name: 'Distance this week',
  template: 'distancePerVehicle',
  period: 'thisWeek',
  ...fields,
});

describe('reports', () => {
  it('requires a name, a period and a selection, with translated messages, and saves nothing', async () => {
    const manager = h.as('manager', { lang: 'ja' });
    const res = await manager.post('/reports', { template: 'distancePerVehicle' });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      res.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields.name).toBe(translate('ja', 'validation', 'reportNameRequired'));
    expect(fields.period).toBe(translate('ja', 'validation', 'reportPeriodRequired'));
    const none = await manager.post('/reports', body({}));
    expect(none.status).toBe(400);
    expect(none.fields.vehicle_ids).toBe(translate('ja', 'validation', 'reportSelectionRequired'));
    const list = await manager.get('/reports');
    expect(list.body.data.total).toBe(0);
  });

  it('is created, listed, filtered, read with its author, changed and deleted by the manager', async () => {
    const { truck } = await setUp();
    const manager = h.as('manager');
    const created = await manager.post('/reports', body({ vehicle_ids: [truck], on_dashboard: true }));
    expect(created.status).toBe(201);
    const report = created.body.data;
    // The author by the person's name, not the username.
    expect(report).toMatchObject({ author: { name: 'Mina Manager' }, hidden: 0, on_dashboard: true });
    const listed = await manager.get(
      '/reports?filter=distance&template=distancePerVehicle&on_dashboard=true',
    );
    expect(listed.body.data.list.map((r: { id: string }) => r.id)).toContain(report.id);
    expect((await manager.get('/reports?template=eventsPerType')).body.data.total).toBe(0);
    const data = await manager.get(`/reports/${report.id}/data?timesetting=540`);
    expect(data.status).toBe(200);
    expect(data.body.data.categories).toEqual(['Report Truck 車両 ယာဉ်']);
    const changed = await manager.put(
      `/reports/${report.id}`,
      body({ name: 'Renamed', vehicle_ids: [truck] }),
    );
    expect(changed.body.data.name).toBe('Renamed');
    expect((await manager.delete(`/reports/${report.id}`)).status).toBe(200);
    expect((await manager.get(`/reports/${report.id}`)).status).toBe(404);
  });

  it('reads in a sub company with the notice of what it cannot see, and refuses its writes', async () => {
    const { truck, northTruck } = await setUp();
    const manager = h.as('manager');
    const report = (
      await manager.post('/reports', body({ name: 'Fleet-wide', vehicle_ids: [truck, northTruck] }))
    ).body.data;
    const reader = h.as('operator');
    const read = await reader.get(`/reports/${report.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.hidden).toBe(1);
    const listed = (await reader.get('/reports')).body.data.list;
    expect(listed.find((r: { id: string }) => r.id === report.id)?.hidden).toBe(1);
    expect((await manager.get(`/reports/${report.id}`)).body.data.hidden).toBe(0);
    const data = await reader.get(`/reports/${report.id}/data`);
    expect(data.body.data.categories).toEqual(['North Report Truck']);
    // Without rep_set: no creating, changing or deleting; the report stays as it was.
    expect((await reader.post('/reports', body({ vehicle_ids: [northTruck] }))).status).toBe(403);
    expect((await reader.put(`/reports/${report.id}`, body({ vehicle_ids: [northTruck] }))).status).toBe(403);
    expect((await reader.delete(`/reports/${report.id}`)).status).toBe(403);
    expect((await manager.get(`/reports/${report.id}`)).body.data.name).toBe('Fleet-wide');
  });

  it('is not read without the report privilege, nor names a vehicle of another tenant (its 404s: platform/isolation.test.ts)', async () => {
    const { truck } = await setUp();
    const report = (await h.as('manager').post('/reports', body({ vehicle_ids: [truck] }))).body.data;
    await h.database.query(`UPDATE roles SET privileges = '{}' WHERE name = 'Report reader'`);
    const reader = h.as('operator');
    expect((await reader.get('/reports')).status).toBe(403);
    expect((await reader.get(`/reports/${report.id}`)).status).toBe(403);
    expect((await reader.get(`/reports/${report.id}/export/csv`)).status).toBe(403);
    await h.database.query(`UPDATE roles SET privileges = ARRAY['report:view'] WHERE name = 'Report reader'`);
    const other = await h.addCompany('reportco', 'Reportco');
    const stranger = await h.addVehicle(other, 'Stranger truck');
    expect((await h.as('manager').post('/reports', body({ vehicle_ids: [stranger] }))).status).toBe(400);
  });

  it('exports its table as CSV with a byte order mark and as XLSX', async () => {
    const { truck } = await setUp();
    const manager = h.as('manager', { lang: 'zh' });
    const report = (await manager.post('/reports', body({ vehicle_ids: [truck] }))).body.data;
    const csv = await manager.get(`/reports/${report.id}/export/csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.startsWith('\ufeff')).toBe(true);
    expect(csv.text).toContain(translate('zh', 'report', 'units.km'));
    expect(csv.text).toContain('Report Truck 車両 ယာဉ်');
    const xlsx = await manager.get(`/reports/${report.id}/export/xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
  });
});

describe("a report's PDF", () => {
  it('that cannot be drawn answers "Failed to create the PDF file." and logs why', async () => {
    const logged: unknown[] = [];
    const broken = {
      name: undefined,
      period: 'today',
      author: { name: 'x' },
      updated_at: new Date().toISOString(),
      hidden: 0,
    };
    const data = {
      axis: 'subject',
      categories: [],
      series: [],
      unit: 'km',
      start: new Date().toISOString(),
      end: new Date().toISOString(),
      subjects: 0,
      left_out: 0,
    };
    const failed = exportReport({
      report: broken as never,
      data: data as never,
      format: 'pdf',
      lang: 'ja',
      timesetting: 0,
      log: (error) => logged.push(error),
    });
    await expect(failed).rejects.toMatchObject({
      key: 'internal',
      options: { messageKey: 'reportPdfFailed' },
    });
    expect(logged).toHaveLength(1);
    expect(translate('ja', 'errors', 'reportPdfFailed')).toBe('PDFファイルの作成に失敗しました。');
  });

  it('draws every language with embedded fonts: every letter has a glyph', () => {
    for (const lang of LANGUAGES) {
      const text = `${translate(lang, 'report', 'hidden', { count: 2 })} ${translate(lang, 'report', 'page', { page: 1, pages: 2 })}`;
      for (const run of fontRuns(text, baseFont(lang))) {
        const font = openFont(fontData(run.font));
        const missing = [...run.text].filter(
          (c) => !/\s/.test(c) && font.glyphForCodePoint(c.codePointAt(0) ?? 0).id === 0,
        );
        expect(missing, `${lang}: letters without a glyph in ${run.font}`).toEqual([]);
      }
    }
  });

  it.each(LANGUAGES)(
    'is a PDF with pages in %s, its text extracted back, its pages turned into images',
    async (lang) => {
      const { truck } = await setUp();
      const manager = h.as('manager', { lang });
      const name = { en: 'Weekly distance', ja: '週間走行距離', zh: '每周行驶距离', my: 'အပတ်စဉ် ခရီးအကွာအဝေး' }[
        lang
      ];
      const report = (
        await manager.post(
          '/reports',
          body({
            name,
            template: 'eventsPerType',
            period: 'range',
            range_start: '2026-11-02',
            range_end: '2026-11-02',
            vehicle_ids: [truck],
          }),
        )
      ).body.data;
      const started = Date.now();
      const pdf = await manager.get(`/reports/${report.id}/export/pdf?timesetting=540`);
      const took = Date.now() - started;
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
      mkdirSync(OUT, { recursive: true });
      const file = join(OUT, `report-${lang}.pdf`);
      writeFileSync(file, pdf.raw);
      console.info(`report PDF ${lang}: ${pdf.raw.length} bytes in ${took} ms`);
      // Debian's poppler-utils: the page images and the text check need it (CI installs it).
      if (!has('pdftoppm')) {
        expect(
          process.env.REQUIRE_PDF_TOOLS,
          'pdftoppm is missing: apt-get install poppler-utils',
        ).toBeUndefined();
        return;
      }
      const fonts = execFileSync('pdffonts', [file]).toString();
      expect(fonts).toMatch(/NotoSans/);
      expect(
        fonts
          .split('\n')
          .slice(2)
          .filter(Boolean)
          .every((line) => /\byes\s+yes\s+yes\b/.test(line)),
      ).toBe(true);
      const text = execFileSync('pdftotext', [file, '-']).toString();
      if (lang !== 'my') {
        expect(text).toContain(name);
        expect(text).toContain(translate(lang, 'report', 'author'));
      }
      expect(text).toContain('Mina Manager');
      expect(text).toContain('2026-11-02 09:00');
      if (lang !== 'my') expect(text).toContain(translate(lang, 'report', 'types.Impact'));
      execFileSync('pdftoppm', ['-r', '60', '-png', file, join(OUT, `report-${lang}`)]);
      expect(existsSync(join(OUT, `report-${lang}-1.png`))).toBe(true);
    },
  );

  it('in Burmese has its legend under the axis dates and its table header wrapped, not cut', async () => {
    // Six event types over a week: Burmese names long enough for a legend of several lines and
    // for six narrow columns. One event each, on 2–7 November 2026 at 10:00 Tokyo time.
    const harbor = await h.companyId('harbor');
    const vehicle = await h.addVehicle(harbor, 'Legend Truck');
    const [device] = await h.database.query<{ id: string }>(INSERT_DEVICE_SQL, [
      harbor,
      '880088008802',
      vehicle,
    ]);
    const types = [
      'SuddenAcceleration',
      'SuddenDeceleration',
      'SuddenTurn',
      'TurnGyroscope',
      'Impact',
      'TurnRight',
    ];
    for (const [i, type] of types.entries())
      await h.database.query(
        `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
           direction, gx, gy, gz, roll, pitch, yaw, cameras)
         VALUES ($1, $2, $3, $4, $5, $6, 35.6, 139.77, 10, 0, 0.5, 0, 1, 0, 0, 0, 0)`,
        [device?.id, `legend-e-${i}`, harbor, vehicle, `2026-11-0${i + 2}T10:00:00+09:00`, type],
      );
    const manager = h.as('manager', { lang: 'my' });
    const report = (
      await manager.post(
        '/reports',
        body({
          name: 'ဖြစ်ရပ် အမျိုးအစားများ',
          template: 'eventsPerType',
          period: 'range',
          range_start: '2026-11-02',
          range_end: '2026-11-08',
          vehicle_ids: [vehicle],
        }),
      )
    ).body.data;
    const pdf = await manager.get(`/reports/${report.id}/export/pdf?timesetting=540`);
    expect(pdf.status).toBe(200);
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, 'report-my-legend.pdf');
    writeFileSync(file, pdf.raw);
    if (!has('pdftotext')) {
      expect(
        process.env.REQUIRE_PDF_TOOLS,
        'pdftotext is missing: apt-get install poppler-utils',
      ).toBeUndefined();
      return;
    }
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', file, join(OUT, 'report-my-legend')]);
    // The first page's words with their boxes (points from the top).
    const page = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']).toString();
    const words = [
      ...page.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({ text: m[5] ?? '', top: Number(m[2]), bottom: Number(m[4]) }));
    // The axis's dates (11-02…11-08): nothing but the value axis's figures on their line, the
    // legend under them.
    const dates = words.filter((w) => /^11-0\d$/.test(w.text));
    expect(dates.length).toBeGreaterThanOrEqual(4);
    const line = {
      top: Math.min(...dates.map((w) => w.top)),
      bottom: Math.max(...dates.map((w) => w.bottom)),
    };
    const onTheirLine = words.filter(
      (w) => !dates.includes(w) && !/^\d+$/.test(w.text) && w.top < line.bottom && w.bottom > line.top,
    );
    expect(onTheirLine.map((w) => w.text)).toEqual([]);
    const table = Math.min(...words.filter((w) => /^2026-11-0\d$/.test(w.text)).map((w) => w.top));
    const between = words.filter((w) => w.top >= line.bottom && w.bottom <= table);
    // The legend's six names and the header's seven, each a word or more.
    expect(between.length).toBeGreaterThanOrEqual(13);
    // No name cut with an ellipsis, in the legend or the table's header.
    expect(execFileSync('pdftotext', [file, '-']).toString()).not.toContain('…');
  });
});
