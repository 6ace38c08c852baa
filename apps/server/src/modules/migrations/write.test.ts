// The write of a basic info import, a part (2,000 lines) at a time, each part recorded as one range
// of the import's own ids: "restore state" removes exactly what the import wrote and keeps what
// another writer made meanwhile (and still removes what an import recorded a row at a time); an
// abort in the middle of a file (the job's own, and through the API on the real queue) and a part
// the database refuses leave nothing written and nothing recorded.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client.ts';
import { startHarness } from '../../testing/harness.ts';
import { queuedJob } from '../../testing/jobs.ts';
import { perFile } from '../../testing/perFile.ts';
import { rowCounts } from '../../testing/rows.ts';
import { idSeries } from './ids.ts';
import { migrationService } from './service.ts';

const h = perFile(startHarness);

const OPERATORS = [
  'operator_code,first_name,last_name,birth_date,address,license_number,license_received_on,license_valid_till,license_location,phone',
  'WRITE-1,Aiko,Sato,1990-01-01,Tokyo,L-1,2010-01-01,2030-01-01,Tokyo,090-1111-2222',
];
/** Three parts of vehicles: two full ones and a third of 500. */
const LINES = 4500;
const vehicles = (tag: string) => [
  'name,introduce_date',
  ...Array.from({ length: LINES }, (_, i) => `${tag} ${i + 1},2024-04-01`),
];
const file = (field: string, lines: string[]) => ({
  field,
  name: `${field}.csv`,
  data: Buffer.from(`${lines.join('\n')}\n`),
});

const counted = (customer: string) =>
  rowCounts(h.database, customer, {
    v: 'vehicles',
    o: 'operators',
    d: 'devices',
    records: 'migration_import_records',
  });

/** Device ids of the tests' files, each its own (they are the product's). */
let devices = 0;

/** Uploads the files and runs the import's job here, its statements seen by `watch`. */
async function imported(
  customer: string,
  tag: string,
  watch: (sql: string, controller: AbortController) => Promise<void> = async () => {},
) {
  devices += 1;
  const up = await h
    .as('support')
    .upload(`/migration-imports?customer_id=${customer}`, {}, [
      file('vehicle', vehicles(tag)),
      file('operator', OPERATORS),
      file('device', [
        'device_id,device_type,channel_number,vehicle,camera_1',
        `77000${devices},dv426,1,${tag} 1,${tag.toUpperCase()}CAM`,
      ]),
    ]);
  const id = up.body.data.id as string;
  await h.database.query("UPDATE migration_imports SET status = 'processing' WHERE id = $1", [id]);
  const controller = new AbortController();
  const db: Queryable = {
    query: async <T>(sql: string, params?: unknown[]) => {
      await watch(sql, controller);
      return h.database.query<T>(sql, params);
    },
  };
  const run = migrationService(h.database, h.storage, h.queue).run(
    queuedJob({ importId: id }, customer, db, controller.signal),
  );
  return { id, run };
}

const state = async (id: string) =>
  (await h.as('support').get(`/migration-imports/${id}`)).body.data as Record<string, unknown>;

describe('the write of a basic info import', () => {
  it('records each part as one range of its ids; restore removes exactly those rows, not what another writer added meanwhile', async () => {
    const customer = await h.addCompany('migrange', 'Migration Range Ltd');
    const before = await h.addVehicle(customer, 'Range Before');
    const { id, run } = await imported(customer, 'Range');
    expect(await run).toMatchObject({ total: LINES + 2, success: LINES + 2, failure: 0, written: LINES + 2 });
    expect(await state(id)).toMatchObject({ status: 'completed', success: LINES + 2, failure: 0 });
    // Three vehicle parts, the operator's and the device's: five ranges, not one record a row.
    expect(await counted(customer)).toEqual({ v: LINES + 1, o: 1, d: 1, records: 5 });
    const ranges = await h.database.query<{ kind: string; first: string; last: string }>(
      `SELECT kind, record_id AS first, last_id AS last FROM migration_import_records
        WHERE import_id = $1 ORDER BY record_id`,
      [id],
    );
    expect(ranges.map((r) => r.kind)).toEqual(['vehicle', 'vehicle', 'vehicle', 'operator', 'device']);
    // Version 8 ids of one prefix, counted in file order.
    for (const r of ranges) expect(r.first.slice(0, 24)).toBe(ranges[0]?.first.slice(0, 24));
    expect(ranges[0]?.first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8000-000000000001$/);
    expect(ranges[2]?.last.endsWith(LINES.toString(16).padStart(12, '0'))).toBe(true);

    // Another writer's vehicle, made after the import (a random, version 4 id).
    const after = await h.addVehicle(customer, 'Range After');
    const restored = await h.as('support').post(`/migration-imports/${id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(await counted(customer)).toEqual({ v: 2, o: 0, d: 0, records: 0 });
    const left = await h.database.query<{ id: string }>(
      'SELECT id FROM vehicles WHERE customer_id = $1 ORDER BY name',
      [customer],
    );
    expect(left.map((r) => r.id)).toEqual([after, before]);
  });

  it('restores an import recorded before ranges, a record a row', async () => {
    const customer = await h.addCompany('migoldrecords', 'Migration Old Records Ltd');
    const { id, run } = await imported(customer, 'Old');
    await run;
    // As an import written before 0140 left it: each row its own record, no end of range.
    await h.database.query('DELETE FROM migration_import_records WHERE import_id = $1', [id]);
    await h.database.query(
      `INSERT INTO migration_import_records (customer_id, import_id, kind, record_id)
       SELECT customer_id, $2::uuid, 'vehicle', id FROM vehicles WHERE customer_id = $1
       UNION ALL SELECT customer_id, $2::uuid, 'operator', id FROM operators WHERE customer_id = $1
       UNION ALL SELECT customer_id, $2::uuid, 'device', id FROM devices WHERE customer_id = $1`,
      [customer, id],
    );
    const kept = await h.addVehicle(customer, 'Old Kept');
    expect((await h.as('support').post(`/migration-imports/${id}/restore`, {})).status).toBe(200);
    expect(await counted(customer)).toEqual({ v: 1, o: 0, d: 0, records: 0 });
    const [left] = await h.database.query('SELECT id FROM vehicles WHERE customer_id = $1', [customer]);
    expect(left).toEqual({ id: kept });
  });

  it('an abort in the middle of a file removes the parts already written and their records', async () => {
    const customer = await h.addCompany('migmidabort', 'Migration Mid Abort Ltd');
    let vehicleParts = 0;
    const { id, run } = await imported(customer, 'Mid', async (sql, controller) => {
      if (!sql.includes('INSERT INTO vehicles')) return;
      vehicleParts += 1;
      // The first part is written; the abort comes while the second is read.
      if (vehicleParts === 2) controller.abort();
    });
    expect(await run).toEqual({ aborted: true });
    expect(vehicleParts).toBe(2);
    const done = await state(id);
    expect(done).toMatchObject({ status: 'aborted', message: 'validation.importNothingWritten' });
    expect(Number(done.success) + Number(done.failure)).toBe(done.total);
    expect(await counted(customer)).toEqual({ v: 0, o: 0, d: 0, records: 0 });
  });

  it('an abort through the API while the first parts are written: the job stops, nothing stays', async () => {
    const customer = await h.addCompany('migapiabort', 'Migration API Abort Ltd');
    devices += 1;
    const up = await h
      .as('support')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        file('vehicle', vehicles('Ápi')),
        file('operator', OPERATORS),
        file('device', ['device_id,device_type,channel_number,camera_1', `77000${devices},dv426,1,APICAM`]),
      ]);
    const id = up.body.data.id as string;
    const [{ key } = { key: '' }] = await h.database.query<{ key: string }>(
      "SELECT f->>'key' AS key FROM migration_imports, jsonb_array_elements(files) f WHERE id = $1 AND f->>'kind' = 'vehicle'",
      [id],
    );
    // The write's reading of the vehicle file (its second) stops after two parts' lines, until the
    // abort has been asked: the job is running, with parts on their way or written. (A name beyond
    // ASCII: the reader judges the encoding on the first part holding one, else reads on.)
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stream = h.storage.stream;
    let opens = 0;
    h.storage.stream = async (k) => {
      const original = await stream(k);
      if (k === key) opens += 1;
      if (k !== key || opens !== 2 || !original) return original;
      const chunks: Buffer[] = [];
      for await (const chunk of original) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const cut = text.indexOf('\nÁpi 4001,');
      return Readable.from(
        (async function* () {
          yield Buffer.from(text.slice(0, cut + 1));
          await held;
          yield Buffer.from(text.slice(cut + 1));
        })(),
      );
    };
    try {
      expect((await h.as('support').post(`/migration-imports/${id}/start`, { mappings: {} })).status).toBe(
        200,
      );
      await expect.poll(async () => (await counted(customer))?.v, { timeout: 30_000 }).toBeGreaterThan(0);
      expect((await h.as('support').post(`/migration-imports/${id}/abort`, {})).status).toBe(200);
      release();
      await expect
        .poll(async () => (await state(id)).status, { timeout: 60_000, interval: 100 })
        .toBe('aborted');
      expect(await counted(customer)).toEqual({ v: 0, o: 0, d: 0, records: 0 });
    } finally {
      h.storage.stream = stream;
      release();
    }
  });

  it('a part the database refuses (a name another writer took after the check) leaves nothing written', async () => {
    const customer = await h.addCompany('migfailpart', 'Migration Fail Part Ltd');
    let vehicleParts = 0;
    const { id, run } = await imported(customer, 'Fail', async (sql) => {
      if (!sql.includes('INSERT INTO vehicles')) return;
      vehicleParts += 1;
      // Line 3000, in the second part, is taken between the check and the write.
      if (vehicleParts === 2) await h.addVehicle(customer, 'Fail 3000');
    });
    await expect(run).rejects.toThrow();
    expect(await state(id)).toMatchObject({ status: 'error', message: 'validation.importFailed' });
    // Only the other writer's vehicle stays.
    expect(await counted(customer)).toEqual({ v: 1, o: 0, d: 0, records: 0 });
  });
});

describe('the ids of an import', () => {
  it('every id between two of a series carries its prefix and version 8; no version 4 id falls in its range', () => {
    const series = idSeries('0123456789abcde');
    const first = series.next();
    expect(first).toBe('01234567-89ab-8cde-8000-000000000001');
    expect(series.next()).toBe('01234567-89ab-8cde-8000-000000000002');
    expect(series.lowest < first && first < series.highest).toBe(true);
    // The nearest version 4 ids of the prefix's bytes lie outside it, above and below.
    expect('01234567-89ab-4cde-8000-000000000001' < series.lowest).toBe(true);
    expect('01234567-89ab-8cdf-4000-000000000000' > series.highest).toBe(true);
    expect(idSeries().next()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8000-000000000001$/);
  });
});
