import { addDays } from '@fleetlens/contracts';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { translate } from '../../platform/i18n.ts';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { INSERT_OPERATOR_SQL, insertedId, insertGroup } from '../../testing/rows.ts';
import { sumOperatorVehicleDays } from '../drive-summary/figures.repository.ts';

const h = perFile(startHarness);

/** A Monday; the readings' days are what the clerk writes, so no clock decides anything here. */
const MONDAY = '2026-03-02';
const day = (n: number) => addDays(MONDAY, n);

type Fleet = { harbor: string; other: string; tank: string; spare: string; stranger: string; group: string };
let made: Promise<Fleet> | undefined;
const fleet = () => {
  made ??= (async () => {
    const harbor = await h.companyId('harbor');
    const other = await h.addCompany('fuelside', 'Fuelside Ltd');
    const tank = await h.addVehicle(harbor, 'Fuel Forklift 燃料');
    const spare = await h.addVehicle(harbor, 'Fuel Spare');
    const stranger = await h.addVehicle(other, 'Fuelside Loader');
    const group = await insertGroup(h.database, 'vehicle_groups', harbor, 'Fuel yard');
    await h.database.query('UPDATE vehicles SET fuel_capacity_l = 120, group_id = $2 WHERE id = $1', [
      tank,
      group,
    ]);
    return { harbor, other, tank, spare, stranger, group };
  })();
  return made;
};

const reading = (
  vehicle_id: string,
  n: number,
  received_l: number,
  hour_meter: number,
  remaining_l: number,
) => ({
  vehicle_id,
  day: day(n),
  received_l,
  hour_meter,
  remaining_l,
});

describe('fuel results', () => {
  it('refuses a fill over capacity, an impossible remaining amount and a meter running backwards, in the language asked, saving nothing', async () => {
    const { tank } = await fleet();
    const clerk = h.as('manager', { lang: 'ja' });
    const res = await clerk.post('/fuel/results', {
      entries: [
        reading(tank, 0, 0, 1000, 80),
        reading(tank, 1, 150, 1008, 70), // 150 L into a 120 L tank
        reading(tank, 2, 10, 1004, 60), // the meter went back from 1008
        reading(tank, 3, 0, 1010, 90), // 90 L left of 60 with nothing received
      ],
    });
    expect(res.status).toBe(400);
    expect(res.fields).toEqual({
      'entries.1.received_l': translate('ja', 'validation', 'fuelFillOverCapacity', { capacity: 120 }),
      'entries.2.hour_meter': translate('ja', 'validation', 'fuelMeterBackwards', {
        previous: 1008,
        day: day(1),
      }),
      'entries.3.remaining_l': translate('ja', 'validation', 'fuelRemainingImpossible', { available: 60 }),
    });
    expect(res.fields['entries.1.received_l']).toContain('120');
    const stored = await h
      .as('manager')
      .get(`/fuel/results?vehicle_id=${tank}&start=${day(0)}&end=${day(6)}`);
    expect(stored.body.data.results).toEqual([]);
  });

  it('refuses a day sent twice for one vehicle, in the language asked, saving nothing', async () => {
    const { spare } = await fleet();
    const res = await h
      .as('manager', { lang: 'zh' })
      .post('/fuel/results', { entries: [reading(spare, 20, 0, 10, 5), reading(spare, 20, 0, 11, 4)] });
    expect(res.status).toBe(400);
    expect(res.fields).toMatchObject({ 'entries.1.day': translate('zh', 'validation', 'fuelDuplicateDay') });
    const stored = await h
      .as('manager')
      .get(`/fuel/results?vehicle_id=${spare}&start=${day(20)}&end=${day(20)}`);
    expect(stored.body.data.results).toEqual([]);
  });

  it('saves a week, works out hours and consumption between readings, and keeps corrections as versions with who and why', async () => {
    const { tank } = await fleet();
    const clerk = h.as('manager');
    const week = [
      reading(tank, 0, 0, 1000, 100),
      reading(tank, 1, 0, 1008, 52),
      reading(tank, 2, 60, 1016, 64), // refuelled: 52 + 60 − 64 = 48 L used, never negative
      reading(tank, 4, 0, 1030, 30), // a day without a reading: consumption spans the gap
    ];
    const dry = await clerk.post('/fuel/results', { entries: week, dry_run: true });
    expect(dry.body.data).toEqual({ saved: 4, unchanged: 0, dry_run: true });
    const saved = await clerk.post('/fuel/results', { entries: week });
    expect(saved.body.data).toEqual({ saved: 4, unchanged: 0, dry_run: false });
    const read = await clerk.get(`/fuel/results?vehicle_id=${tank}&start=${day(1)}&end=${day(6)}`);
    expect(read.body.data.vehicle).toMatchObject({ id: tank, capacity_l: 120 });
    expect(read.body.data.before).toMatchObject({ day: day(0), hour_meter: 1000 });
    expect(
      read.body.data.results.map((r: { working_hours: number; consumption_l: number }) => [
        r.working_hours,
        r.consumption_l,
      ]),
    ).toEqual([
      [8, 48],
      [8, 48],
      [14, 34],
    ]);

    // A correction without a reason is refused; with one it is version 2, the newest and current.
    const change = { entries: [reading(tank, 1, 0, 1008, 56)] };
    const refused = await clerk.post('/fuel/results', change);
    expect(refused.fields).toEqual({
      'entries.0.reason': translate('en', 'validation', 'fuelReasonRequired'),
    });
    // Without fuel:edit a saved day is not changed, reason or not; new days still are.
    await h.database.query(
      "UPDATE roles SET privileges = array_remove(privileges, 'fuel:edit') WHERE name = 'Fleet manager'",
    );
    const unprivileged = await h
      .as('manager')
      .post('/fuel/results', { ...change, reason: 'Dip stick misread' });
    await h.database.query(
      "UPDATE roles SET privileges = array_append(privileges, 'fuel:edit') WHERE name = 'Fleet manager'",
    );
    expect(unprivileged.fields).toEqual({
      'entries.0.day': translate('en', 'validation', 'fuelCorrectionForbidden'),
    });
    const corrected = await clerk.post('/fuel/results', { ...change, reason: 'Dip stick misread' });
    expect(corrected.body.data).toMatchObject({ saved: 1 });
    const versions = await clerk.get(`/fuel/results/${tank}/${day(1)}/versions`);
    expect(
      versions.body.data.map((v: { version: number; remaining_l: number; reason: string }) => [
        v.version,
        v.remaining_l,
        v.reason,
      ]),
    ).toEqual([
      [2, 56, 'Dip stick misread'],
      [1, 52, ''],
    ]);
    expect(versions.body.data[0].author.name).toBe('Mina Manager');
    // The next day's consumption follows the corrected one: 56 + 60 − 64.
    const after = await clerk.get(`/fuel/results?vehicle_id=${tank}&start=${day(2)}&end=${day(2)}`);
    expect(after.body.data.results[0]).toMatchObject({ consumption_l: 52, version: 1 });
    // Sending what is stored makes no version.
    const same = await clerk.post('/fuel/results', { entries: [reading(tank, 2, 60, 1016, 64)] });
    expect(same.body.data).toEqual({ saved: 0, unchanged: 1, dry_run: false });
  });

  it('refuses a correction that would make a later stored reading impossible, told on the corrected cell', async () => {
    const { tank } = await fleet();
    const res = await h.as('manager').post('/fuel/results', {
      entries: [reading(tank, 1, 0, 1020, 2)],
      reason: 'Typo',
    });
    expect(res.status).toBe(400);
    expect(res.fields).toEqual({
      'entries.0.hour_meter': translate('en', 'validation', 'fuelMeterAboveNext', {
        next: 1016,
        day: day(2),
      }),
      'entries.0.remaining_l': translate('en', 'validation', 'fuelRemainingBelowNext', {
        least: 4,
        day: day(2),
      }),
    });
  });

  it("answers another tenant's vehicle as missing, and refuses to write it", async () => {
    const { stranger } = await fleet();
    const clerk = h.as('manager');
    expect(
      (await clerk.get(`/fuel/results?vehicle_id=${stranger}&start=${day(0)}&end=${day(6)}`)).status,
    ).toBe(404);
    expect((await clerk.get(`/fuel/results/${stranger}/${day(0)}/versions`)).status).toBe(404);
    const res = await clerk.post('/fuel/results', { entries: [reading(stranger, 0, 0, 1, 1)] });
    expect(res.fields).toEqual({
      'entries.0.vehicle_id': translate('en', 'validation', 'fuelVehicleUnknown'),
    });
    const none = await h.database.query('SELECT 1 FROM fuel_results WHERE vehicle_id = $1', [stranger]);
    expect(none).toEqual([]);
  });
});

const csv = (...lines: string[]) =>
  Buffer.from(['vehicle,date,received_l,hour_meter,remaining_l', ...lines].join('\r\n'));

describe('fuel results from a CSV file', () => {
  it('reports every bad line by its number and reason, in the language asked, and saves none of the file', async () => {
    await fleet();
    const file = csv(
      `Fuel Spare,${day(0)},0,500,40`,
      `Fuel Spare,${day(1)},abc,508,30`, // line 3: not a number
      `Fuelside Loader,${day(1)},0,10,10`, // line 4: another tenant's vehicle
      `Fuel Spare,${day(2)},0,505,20`, // line 5: meter back from 508? line 3 failed, so from 500: fine
      `Fuel Spare,${day(3)},0,`, // line 6: too few values
      `Fuel Spare,2026-02-30,0,520,10`, // line 7: no such date
      `Fuel Spare,${day(4)},0,519,50`, // line 8: meter back from 505? no: 519 > 505, but 50 L left of 20
    );
    const res = await h
      .as('manager', { lang: 'zh' })
      .upload('/fuel/results/csv', {}, { name: 'fuel.csv', data: file });
    expect(res.status).toBe(400);
    expect(res.fields).toEqual({
      'lines.3.received_l': translate('zh', 'validation', 'invalidNumber'),
      'lines.4.vehicle': translate('zh', 'validation', 'fuelVehicleUnknown'),
      'lines.6.line': translate('zh', 'validation', 'fuelCsvColumns'),
      'lines.7.day': translate('zh', 'validation', 'invalidDate'),
      'lines.8.remaining_l': translate('zh', 'validation', 'fuelRemainingImpossible', { available: 20 }),
    });
    const spare = await h.database.query(
      "SELECT 1 FROM fuel_results f JOIN vehicles v ON v.id = f.vehicle_id WHERE v.name = 'Fuel Spare'",
    );
    expect(spare).toEqual([]);
  });

  it('checks a good file in a dry run without saving, then saves it whole', async () => {
    const { spare } = await fleet();
    const file = csv(`"Fuel Spare",${day(0)},0,500,40`, `Fuel Spare,${day(1)},20,507.5,35.5`, '');
    const clerk = h.as('manager');
    const dry = await clerk.upload('/fuel/results/csv?dry_run=true', {}, { name: 'fuel.csv', data: file });
    expect(dry.body.data).toEqual({ saved: 2, unchanged: 0, dry_run: true });
    expect(await h.database.query('SELECT 1 FROM fuel_results WHERE vehicle_id = $1', [spare])).toEqual([]);
    const real = await clerk.upload('/fuel/results/csv', {}, { name: 'fuel.csv', data: file });
    expect(real.body.data).toEqual({ saved: 2, unchanged: 0, dry_run: false });
    const read = await clerk.get(`/fuel/results?vehicle_id=${spare}&start=${day(0)}&end=${day(1)}`);
    expect(read.body.data.results[1]).toMatchObject({ working_hours: 7.5, consumption_l: 24.5 });
  });

  it('refuses a file with the wrong header or none at all', async () => {
    const clerk = h.as('manager');
    const wrong = await clerk.upload(
      '/fuel/results/csv',
      {},
      { name: 'f.csv', data: Buffer.from('a,b\n1,2\n') },
    );
    expect(wrong.fields['lines.1.header']).toBe(translate('en', 'validation', 'fuelCsvHeader'));
    const none = await clerk.upload('/fuel/results/csv', {}, { name: 'f.csv', data: csv() });
    expect(none.fields['lines.1.file']).toBe(translate('en', 'validation', 'fuelCsvEmpty'));
  });
});

describe('fuel report', () => {
  let anomalyMade: ReturnType<typeof makeAnomaly> | undefined;
  const anomalyFleet = () => {
    anomalyMade ??= makeAnomaly();
    return anomalyMade;
  };
  /** Ten days of the anomaly vehicle: 6 L/h, then a day of 3.9 L/h (−35 %). */
  async function makeAnomaly() {
    const { harbor, group } = await fleet();
    const vehicle = await h.addVehicle(harbor, 'Thirsty Loader');
    await h.database.query('UPDATE vehicles SET group_id = $2 WHERE id = $1', [vehicle, group]);
    const start = '2026-05-01';
    const entries = [];
    let remaining = 200;
    for (let n = 0; n <= 8; n += 1) {
      remaining -= n === 0 ? 0 : 60;
      const received = remaining < 60 ? 150 : 0;
      remaining += received;
      entries.push({
        vehicle_id: vehicle,
        day: addDays(start, n),
        received_l: received,
        hour_meter: 100 + n * 10,
        remaining_l: remaining,
      });
    }
    entries.push({
      vehicle_id: vehicle,
      day: addDays(start, 9),
      received_l: 0,
      hour_meter: 190,
      remaining_l: remaining - 39,
    });
    const saved = await h.as('manager').post('/fuel/results', { entries });
    expect(saved.status).toBe(200);
    // Two operators signed on to it on the last day: 3 h and 1 h of its work.
    const [alice, bob] = [
      await insertedId(h.database, INSERT_OPERATOR_SQL, [harbor, 'F-1', 'Alice', 'Fuel', null]),
      await insertedId(h.database, INSERT_OPERATOR_SQL, [harbor, 'F-2', 'Bob', 'Fuel', null]),
    ];
    for (const [operator, hour, seconds] of [
      [alice, '2026-05-10T08:00:00Z', 3 * 3600],
      [bob, '2026-05-10T12:00:00Z', 3600],
    ] as const)
      await h.database.query(
        `INSERT INTO operator_hour_figures (customer_id, operator_id, vehicle_id, hour, operating_seconds)
         VALUES ($1, $2, $3, $4, $5)`,
        [harbor, operator, vehicle, hour, seconds],
      );
    // What the figures job sums from those hours, as it would after computing them.
    await h.database.transaction((tx) =>
      sumOperatorVehicleDays(tx, [
        {
          customerId: harbor,
          vehicleId: vehicle,
          from: new Date('2026-05-09T00:00:00Z'),
          to: new Date('2026-05-12T00:00:00Z'),
        },
      ]),
    );
    return { vehicle, day: addDays(start, 9) };
  }

  it('requires the period, in the language asked', async () => {
    const res = await h.as('manager', { lang: 'my' }).get('/fuel/report?kind=summary');
    expect(res.status, res.text).toBe(400);
    expect(res.fields['querystring.start'], res.text).toBe(
      translate('my', 'validation', 'fuelPeriodRequired'),
    );
  });

  it('explains the unusual day against the median of the days before, in each kind that lists readings', async () => {
    const { vehicle, day: unusual } = await anomalyFleet();
    const clerk = h.as('manager');
    const query = `start=2026-05-02&end=2026-05-10&vehicle_ids=${vehicle}`;
    const details = await clerk.get(`/fuel/report?kind=details&${query}`);
    expect(details.status).toBe(200);
    const anomaly = {
      vehicle_id: vehicle,
      day: unusual,
      l_per_h: 3.9,
      median: 6,
      deviation: -0.35,
      days: 90,
    };
    expect(details.body.data.anomalies).toEqual([expect.objectContaining(anomaly)]);
    const rows = details.body.data.rows;
    expect(rows).toHaveLength(9);
    expect(rows.every((r: { consumption_l: number }) => r.consumption_l >= 0)).toBe(true);
    expect(rows.at(-1).anomaly).toMatchObject(anomaly);
    expect(rows[0].anomaly).toBeNull();

    const listings = await clerk.get(`/fuel/report?kind=listings&${query}`);
    expect(listings.body.data.rows).toEqual([
      expect.objectContaining({
        subject: 'vehicle',
        name: 'Thirsty Loader',
        working_hours: 90,
        consumption_l: 519,
        l_per_h: 5.77,
      }),
    ]);

    const months = await clerk.get(`/fuel/report?kind=threeMonths&${query}`);
    expect(months.body.data).toMatchObject({ start: '2026-03-01', end: '2026-05-31' });
    expect(
      months.body.data.rows.map((r: { subject: string; part: string }) => `${r.subject} ${r.part}`),
    ).toEqual(['fleet 2026-05', 'vehicle 2026-05']);
  });

  it("exports the unusual day's explanation as the page words it, in the user's language, in CSV and XLSX", async () => {
    const { vehicle } = await anomalyFleet();
    const columns = ['name:名前', 'part:日', 'anomaly:異常値']
      .map((c) => `column=${encodeURIComponent(c)}`)
      .join('&');
    const query = `kind=details&start=2026-05-02&end=2026-05-10&vehicle_ids=${vehicle}&${columns}`;
    const csv = await h.as('manager').get(`/fuel/report/export?${query}&language=ja`);
    expect(csv.status, csv.text).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(10);
    expect(lines[1]).toBe('Thirsty Loader,2026-05-02,');
    expect(lines.at(-1)).toBe('Thirsty Loader,2026-05-10,3.9 L/h（90日間の中央値 6 に対して -35%）');
    // Without the language asked, the request's own: Burmese (its own digits, as the page shows
    // them), in a workbook.
    const xlsx = await h.as('manager', { lang: 'my' }).get(`/fuel/report/export?${query}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    const files = unzipSync(new Uint8Array(xlsx.raw));
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet1.xml']);
    const shared = files['xl/sharedStrings.xml']
      ? new TextDecoder().decode(files['xl/sharedStrings.xml'])
      : '';
    expect(`${sheet}${shared}`).toContain('၃.၉ L/h၊ 90 ရက် အလယ်ကိန်း ၆ နှင့် နှိုင်းယှဉ်လျှင် -၃၅%');
  });

  it('sums the fleet, each group and each operator by their signed-on share, litres per hour from sums, with the unusual figures', async () => {
    await anomalyFleet();
    const clerk = h.as('manager');
    const summary = await clerk.get('/fuel/report?kind=summary&start=2026-05-10&end=2026-05-10');
    expect(summary.status, summary.text).toBe(200);
    const rows = summary.body.data.rows as {
      subject: string;
      name: string;
      consumption_l: number;
      working_hours: number;
      l_per_h: number;
    }[];
    const fleetRow = rows.find((r) => r.subject === 'fleet');
    const groupRow = rows.find((r) => r.subject === 'group');
    expect(fleetRow).toMatchObject({ consumption_l: 39, working_hours: 10, l_per_h: 3.9 });
    expect(groupRow).toMatchObject({ name: 'Fuel yard', consumption_l: 39 });
    expect(summary.body.data.anomalies).toEqual([
      expect.objectContaining({ day: '2026-05-10', l_per_h: 3.9, median: 6, deviation: -0.35 }),
    ]);
    expect(
      rows.filter((r) => r.subject === 'operator').map((r) => [r.name, r.consumption_l, r.working_hours]),
    ).toEqual([
      ['Alice Fuel', 29.25, 7.5],
      ['Bob Fuel', 9.75, 2.5],
    ]);
    // An hour counts on the local day of its start: at UTC−10 Alice's 08:00 UTC is the day
    // before's (whose reading lies outside the period), at UTC+13 Bob's 12:00 UTC the day after's.
    for (const [timesetting, operator] of [
      [-600, 'Bob Fuel'],
      [780, 'Alice Fuel'],
    ] as const) {
      const shifted = await clerk.get(
        `/fuel/report?kind=summary&start=2026-05-10&end=2026-05-10&timesetting=${timesetting}`,
      );
      expect(
        shifted.body.data.rows
          .filter((r: { subject: string }) => r.subject === 'operator')
          .map((r: { name: string; consumption_l: number; working_hours: number }) => [
            r.name,
            r.consumption_l,
            r.working_hours,
          ]),
        `${timesetting}`,
      ).toEqual([[operator, 39, 10]]);
    }
  });
});
