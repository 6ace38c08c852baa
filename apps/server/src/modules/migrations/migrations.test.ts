// Basic info import through the API, on the real queue: files uploaded, a mapping offered, a set
// with bad lines checked in full (every line reported, in the reader's language, nothing written),
// a good set written, a second import of the same company refused while one runs, an abort, and
// "restore state" putting the company back exactly as before.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { queuedJob, settled } from '../../testing/jobs.ts';
import { perFile } from '../../testing/perFile.ts';
import { rowCounts } from '../../testing/rows.ts';
import { csvRecords } from './csv.ts';
import { migrationService } from './service.ts';

const h = perFile(startHarness);

const VEHICLES = ['name;introduce_date;weight_kg', 'Mig Truck 1;2024-04-01;1200', 'Mig Truck 2;2024-04-02;'];
const OPERATORS = [
  'Operator ID,First name,Last name,birth_date,address,license_number,license_received_on,license_valid_till,license_location,phone',
  'MIG-1,Aiko,Sato,1990-01-01,Tokyo,L-1,2010-01-01,2030-01-01,Tokyo,090-1111-2222',
];
const DEVICES = [
  'device_id\tdevice_type\tchannel_number\tvehicle\tcamera_1',
  '9900001\tdv426\t1\tMig Truck 1\tMIGCAM1',
];

const file = (field: string, lines: string[]) => ({
  field,
  name: `${field}.csv`,
  data: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`),
});
/** "佐藤" in Shift_JIS, as a spreadsheet program in Japan saves it. */
const SATO_SJIS = [0x8d, 0xb2, 0x93, 0xa1];

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const finished = (id: string, lang = 'en') => settled(h.as('support', { lang }), `/migration-imports/${id}`);

const counted = (customer: string) =>
  rowCounts(h.database, customer, { v: 'vehicles', o: 'operators', d: 'devices' });

describe('the import file reader', () => {
  const read = async (bytes: Buffer, size = 7) => {
    const parts = [];
    for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
    const out = [];
    for await (const r of csvRecords(Readable.from(parts))) out.push(r);
    return out;
  };
  it('reads UTF-8 with a BOM, Shift_JIS, each delimiter, quotes across lines and parts', async () => {
    expect(await read(Buffer.from('\uFEFFa;b\r\n"x;1";"say ""hi"""\r\n\r\n"two\nlines";z\n'))).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;1', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', 'z'] },
    ]);
    // A quote inside a plain cell is a character; spaces around a quoted one: as spreadsheets write them.
    for (const size of [1, 3, 64])
      expect(await read(Buffer.from('a,b"c, "q""" ,d\r\n"e\r\nf",\n'), size)).toEqual([
        { line: 1, cells: ['a', 'b"c', 'q" ', 'd'] },
        { line: 2, cells: ['e\r\nf', ''] },
      ]);
    expect(await read(Buffer.from([0x61, 0x09, 0x62, 0x0a, ...SATO_SJIS, 0x09, 0x31]), 1)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['佐藤', '1'] },
    ]);
  });
});

describe('basic info import', () => {
  it('refuses a missing file and an unmapped required column, changing nothing', async () => {
    const customer = await h.addCompany('migempty', 'Migration Empty Ltd');
    const missing = await h
      .as('support')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [file('vehicle', VEHICLES)]);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.fields).sort()).toEqual(['device', 'operator']);
    // A customer's manager is not provider staff.
    const manager = await h.as('manager').upload(`/migration-imports?customer_id=${customer}`, {}, []);
    expect(manager.status).toBe(403);
    expect(await counted(customer)).toEqual({ v: 0, o: 0, d: 0 });
  });

  it('reports every bad line with line, column, value and reason, writes nothing; then imports a good set and restores it', async () => {
    const customer = await h.addCompany('migfirst', 'Migration First Ltd');
    const taken = await h.addVehicle(customer, 'Already Here');
    const badVehicles = [
      ...VEHICLES,
      ';2024-01-01;', // no name
      'Already Here;2024-01-01;', // the company's own
      'Mig Truck 1;2024-13-01;-5', // twice, a date that is not one, a negative weight
      'Mig Formula;=1+2;', // a value a spreadsheet would run, echoed in the report of bad lines
      'Mig Truck 2;2024-01-01;', // a name an earlier line of the file brings
    ];
    const up = await h
      .as('support', { lang: 'ja' })
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        file('vehicle', badVehicles),
        file('operator', OPERATORS),
        file('device', [...DEVICES, '9900002\tdv999\t1\tNowhere\tMIGCAM1']),
      ]);
    expect(up.status).toBe(201);
    const imported = up.body.data;
    expect(imported.status).toBe('idle');
    const operatorFile = imported.files.find((f: { kind: string }) => f.kind === 'operator');
    // Suggested from the headers: "Operator ID" reads as operator_code.
    expect(operatorFile.mapping).toMatchObject({ operator_code: 'Operator ID', first_name: 'First name' });
    expect(imported.files.find((f: { kind: string }) => f.kind === 'device').delimiter).toBe('\t');

    const started = await h.as('support').post(`/migration-imports/${imported.id}/start`, { mappings: {} });
    expect(started.status).toBe(200);
    const done = await finished(imported.id, 'ja');
    expect(done.status, JSON.stringify(done)).toBe('error');
    expect(done.total, JSON.stringify(done.issues)).toBe(10);
    expect(done.success + done.failure).toBe(done.total);
    expect(done.failure).toBe(6);
    const where = done.issues.map((i: { file: string; line: number; column: string; key: string }) =>
      [i.file, i.line, i.column, i.key].join(' '),
    );
    expect(where).toEqual(
      expect.arrayContaining([
        'vehicle 4 name vehicleNameRequired',
        'vehicle 5 name vehicleNameTaken',
        'vehicle 6 introduce_date invalidDate',
        'vehicle 8 name importDuplicate',
        'device 3 device_type typeRequired',
      ]),
    );
    expect(done.issues.find((i: { key: string }) => i.key === 'vehicleNameTaken').reason).toBe(
      'この名前の車両はすでに会社にあります。',
    );
    expect(await counted(customer)).toEqual({ v: 1, o: 0, d: 0 });
    const report = await h.as('support', { lang: 'ja' }).get(`/migration-imports/${imported.id}/issues`);
    expect(report.status).toBe(200);
    expect(report.text.split('\r\n')[0]).toBe('\uFEFFファイル,行,列,値,理由');
    expect(report.text).toContain('vehicle,5,name,Already Here,この名前の車両はすでに会社にあります。');
    // The file's own cell comes back neutralised, never as a formula (reports/exports.test.ts).
    expect(report.text).toContain("vehicle,7,introduce_date,'=1+2,");

    // The good set, its mapping kept for the company.
    const good = await h
      .as('support')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        file('vehicle', VEHICLES),
        file('operator', OPERATORS),
        file('device', DEVICES),
      ]);
    await h.as('support').post(`/migration-imports/${good.body.data.id}/start`, { mappings: {} });
    const written = await finished(good.body.data.id);
    expect(written).toMatchObject({ status: 'completed', total: 4, success: 4, failure: 0 });
    expect(await counted(customer)).toEqual({ v: 3, o: 1, d: 1 });
    const [fitted] = await h.database.query<{ vehicle: string; cameras: number }>(
      `SELECT v.name AS vehicle, (SELECT count(*)::int FROM device_cameras c WHERE c.device_pk = d.id) AS cameras
         FROM devices d JOIN vehicles v ON v.id = d.vehicle_id WHERE d.device_id = '9900001'`,
    );
    expect(fitted).toEqual({ vehicle: 'Mig Truck 1', cameras: 1 });

    const restored = await h.as('support').post(`/migration-imports/${good.body.data.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.data.restored_at).not.toBeNull();
    expect(await counted(customer)).toEqual({ v: 1, o: 0, d: 0 });
    const [still] = await h.database.query('SELECT id FROM vehicles WHERE customer_id = $1', [customer]);
    expect(still).toEqual({ id: taken });
    expect((await h.as('support').post(`/migration-imports/${good.body.data.id}/restore`, {})).status).toBe(
      409,
    );
  });

  it('reads a Shift_JIS file and offers the kept mapping for the next files of the company', async () => {
    const customer = await h.addCompany('migsjis', 'Migration SJIS Ltd');
    const up = await h.as('support').upload(`/migration-imports?customer_id=${customer}`, {}, [
      {
        field: 'vehicle',
        name: 'v.csv',
        data: Buffer.from([
          ...Buffer.from('name,introduce_date\n'),
          ...SATO_SJIS,
          ...Buffer.from(',2024-04-01\n'),
        ]),
      },
      file('operator', OPERATORS),
      file('device', ['device_id,device_type,channel_number,camera_1']),
    ]);
    expect(up.body.data.files[0]).toMatchObject({
      encoding: 'shift_jis',
      headers: ['name', 'introduce_date'],
    });
    await h
      .as('support')
      .post(`/migration-imports/${up.body.data.id}/start`, { mappings: {}, dry_run: true });
    const checked = await finished(up.body.data.id);
    expect(checked).toMatchObject({ status: 'error', message: 'validation.importNothingWritten' });
    // The device file has no line: told; nothing written by a dry run in any case.
    expect(checked.issues.map((i: { file: string; key: string }) => `${i.file} ${i.key}`)).toEqual([
      'device importEmpty',
    ]);
    expect(await counted(customer)).toEqual({ v: 0, o: 0, d: 0 });
    // The mapping confirmed is offered again.
    const next = await h
      .as('support')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        file('vehicle', ['Bezeichnung,Since', 'X,2024-01-01']),
        file('operator', OPERATORS),
        file('device', DEVICES),
      ]);
    expect(next.body.data.files[0].mapping).toEqual({});
    const start = await h.as('support').post(`/migration-imports/${next.body.data.id}/start`, {
      mappings: { vehicle: { name: 'Bezeichnung' } },
    });
    expect(start.status).toBe(400);
    expect(start.fields['mappings.vehicle.introduce_date']).toBeDefined();
  });

  it('aborts a running import through the API: its job stops, what it had written goes, the state says aborted', async () => {
    const customer = await h.addCompany('migrunning', 'Migration Running Ltd');
    const up = await h
      .as('support')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        file('vehicle', VEHICLES),
        file('operator', OPERATORS),
        file('device', ['device_id,device_type,channel_number,camera_1', '9900201,dv426,1,RUNCAM']),
      ]);
    const id = up.body.data.id;
    const [{ key: operatorKey } = { key: '' }] = await h.database.query<{ key: string }>(
      "SELECT f->>'key' AS key FROM migration_imports, jsonb_array_elements(files) f WHERE id = $1 AND f->>'kind' = 'operator'",
      [id],
    );
    // The write reads the operator file a second time (the check read it first): held there, the
    // job is running with the vehicles already written, until the abort has been asked.
    const held = gate();
    const reached = gate();
    const stream = h.storage.stream;
    let operatorOpens = 0;
    h.storage.stream = async (key) => {
      if (key === operatorKey) operatorOpens += 1;
      if (key === operatorKey && operatorOpens === 2) {
        reached.open();
        await held.opened;
      }
      return stream(key);
    };
    try {
      expect((await h.as('support').post(`/migration-imports/${id}/start`, { mappings: {} })).status).toBe(
        200,
      );
      await reached.opened;
      expect((await counted(customer))?.v).toBe(2);
      const aborting = await h.as('support').post(`/migration-imports/${id}/abort`, {});
      expect(aborting.status).toBe(200);
      expect(aborting.body.data.status).toBe('aborting');
      held.open();
      const done = await finished(id);
      expect(done).toMatchObject({ status: 'aborted', message: 'validation.importNothingWritten' });
      expect(done.success + done.failure).toBe(done.total);
      expect(await counted(customer)).toEqual({ v: 0, o: 0, d: 0 });
      const [records] = await h.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM migration_import_records WHERE import_id = $1',
        [id],
      );
      expect(records).toEqual({ n: 0 });
      const [job] = await h.database.query<{ job_id: string }>(
        'SELECT job_id FROM migration_imports WHERE id = $1',
        [id],
      );
      await expect.poll(async () => (await h.queue.get(job?.job_id as string))?.state).toBe('cancelled');
    } finally {
      h.storage.stream = stream;
      held.open();
    }
  });

  it('an aborted run stops at the next part: aborted, nothing written, and cannot be aborted again', async () => {
    const customer = await h.addCompany('migabort', 'Migration Abort Ltd');
    const many = ['name,introduce_date', ...Array.from({ length: 3000 }, (_, i) => `Abort ${i},2024-01-01`)];
    const up = await h
      .as('support')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        file('vehicle', many),
        file('operator', OPERATORS),
        file('device', ['device_id,device_type,channel_number,camera_1', '9900101,dv426,1,ABORTCAM']),
      ]);
    const id = up.body.data.id;
    await h.database.query("UPDATE migration_imports SET status = 'processing' WHERE id = $1", [id]);
    const service = migrationService(h.database, h.storage, h.queue);
    const controller = new AbortController();
    controller.abort();
    const out = await service.run(queuedJob({ importId: id }, customer, h.database, controller.signal));
    expect(out).toEqual({ aborted: true });
    const done = (await h.as('support').get(`/migration-imports/${id}`)).body.data;
    expect(done).toMatchObject({ status: 'aborted', message: 'validation.importNothingWritten' });
    expect(done.success + done.failure).toBe(done.total);
    expect(await counted(customer)).toEqual({ v: 0, o: 0, d: 0 });
    expect((await h.as('support').post(`/migration-imports/${id}/abort`, {})).status).toBe(409);
  });
});
