import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { objectStorage } from '../../platform/storage.ts';
import { uploadFirmware } from '../../testing/firmware.ts';
import { PUBLIC_URL, startHarness, storingIn } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { firmwareService } from './service.ts';

type Snap = Record<string, unknown> | null;
const h = perFile(() => storingIn('firmware', startHarness));

const IMAGE = Buffer.from(`firmware image ${'x'.repeat(4000)}`);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const count = async () =>
  Number((await h.database.query<{ n: string }>('SELECT count(*) AS n FROM firmwares'))[0]?.n);

/** PUTs the bytes to a signed address as a browser or a script would. */
const put = (url: string, data: Buffer, type = 'application/octet-stream') =>
  h.app.inject({
    method: 'PUT',
    url: url.slice(PUBLIC_URL.length),
    headers: { 'content-type': type },
    payload: data,
  });

describe('firmware files', () => {
  let firstId = '';

  it('uploads a file by its signed address: the name read into device type, build date and version, the SHA-256 kept', async () => {
    const start = await h.as('support').post('/firmwares', {
      file_name: 'dv426_upgrade_20261201.8701_fk_Rename',
      description: 'Brake-light fix',
      latest: true,
    });
    expect(start.status).toBe(201);
    const { firmware, upload } = start.body.data;
    firstId = firmware.id;
    expect(firmware).toMatchObject({
      device_type: 'dv426',
      version: 8701,
      build_date: '2026-12-01',
      description: 'Brake-light fix',
      status: 'uploading',
      sha256: null,
      registered_at: null,
      uploaded_by: { name: expect.any(String) },
    });
    expect(upload.url).toMatch(/^http:\/\/fleet\.test\/api\/v1\/storage\/objects\/firmware\//);
    // Nothing arrived yet: said so, and nothing changes.
    const early = await h.as('support').post(`/firmwares/${firstId}/uploaded`);
    expect(early.status).toBe(400);
    expect(early.body.data.fields[0]).toMatchObject({
      field: 'file',
      message: 'The file has not arrived yet. Upload it, then try again.',
    });
    expect((await put(upload.url, IMAGE)).statusCode).toBe(200);
    // The address is good for one upload.
    expect((await put(upload.url, Buffer.from('evil'))).statusCode).toBe(409);
    const done = await h.as('support').post(`/firmwares/${firstId}/uploaded`);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'uploaded',
      sha256: sha(IMAGE),
      size: IMAGE.length,
      latest: true,
    });
    expect(done.body.data.registered_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The object is kept under a key no address named, and is the bytes sent.
    const [row] = await h.database.query<{ object_key: string }>(
      'SELECT object_key FROM firmwares WHERE id = $1',
      [firstId],
    );
    const storage = objectStorage(loadConfig({ DATA_DIR: h.dataDir, PUBLIC_URL }), h.database);
    expect((await storage.get(row?.object_key ?? ''))?.equals(IMAGE)).toBe(true);
    expect(upload.url).not.toContain(row?.object_key);
  });

  it('lists uploaded files, reads one, and moves the latest flag within a device type', async () => {
    const second = await uploadFirmware(h, 'dv426_upgrade_20261205.8702_fk_Rename', IMAGE, { latest: true });
    const other = await uploadFirmware(h, 'dv456_upgrade_20261205.8702_fk_Rename', IMAGE, { latest: true });
    const list = await h.as('kitting').get('/firmwares?device_type=dv426');
    expect(list.status).toBe(200);
    expect(
      list.body.data.list.map((f: { version: number; latest: boolean }) => [f.version, f.latest]),
    ).toEqual([
      [8702, true],
      [8701, false],
    ]);
    expect((await h.as('support').get(`/firmwares/${other.id}`)).body.data).toMatchObject({
      device_type: 'dv456',
      latest: true,
    });
    const edit = await h
      .as('support')
      .put(`/firmwares/${firstId}`, { description: 'Again latest', latest: true });
    expect(edit.body.data).toMatchObject({ description: 'Again latest', latest: true });
    expect((await h.as('support').get(`/firmwares/${second.id}`)).body.data.latest).toBe(false);
    expect((await h.as('support').get(`/firmwares/${other.id}`)).body.data.latest).toBe(true);
  });

  it('refuses a name off the pattern, or a version or type the name does not say, in the caller language; nothing made', async () => {
    const before = await count();
    for (const file_name of [
      'dv426_upgrade_20261201.8701_fk_Rename.exe',
      'dv999_upgrade_20261201.8701_fk_Rename',
      'dv426_upgrade_20261301.8701_fk_Rename',
      'dv426_upgrade_20261201.87_fk_Rename',
      'firmware.bin',
    ]) {
      const res = await h.as('support').post('/firmwares', { file_name });
      expect(res.status, file_name).toBe(400);
      expect(res.body.data.fields).toEqual([
        expect.objectContaining({
          field: 'file_name',
          message:
            'The file name must be dv426_upgrade_yyyymmdd.nnnn_fk_Rename or dv456_upgrade_yyyymmdd.nnnn_fk_Rename.',
        }),
      ]);
    }
    const ja = await h.as('support', { lang: 'ja' }).post('/firmwares', { file_name: 'x.bin' });
    expect(ja.body.data.fields[0].message).toContain('ファイル名は');
    const disagrees = await h.as('support').post('/firmwares', {
      file_name: 'dv426_upgrade_20261201.8701_fk_Rename',
      version: 8800,
      device_type: 'dv456',
    });
    expect(disagrees.status).toBe(400);
    expect(disagrees.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'device_type',
      'version',
    ]);
    expect(await count()).toBe(before);
  });

  it('fails an upload whose address expired with nothing arrived; the upload log shows every state', async () => {
    const start = await h
      .as('support')
      .post('/firmwares', { file_name: 'dv456_upgrade_20261206.8710_fk_Rename' });
    const id = start.body.data.firmware.id;
    const service = firmwareService(
      h.database,
      objectStorage(loadConfig({ DATA_DIR: h.dataDir, PUBLIC_URL }), h.database),
    );
    // Before the address expires nothing happens; after, the upload fails.
    expect(await service.failExpired(new Date())).toBe(0);
    expect(await service.failExpired(new Date(Date.now() + 2 * 3600_000))).toBe(1);
    expect((await h.as('support').get(`/firmwares/${id}`)).body.data.status).toBe('failed');
    const again = await h.as('support').post(`/firmwares/${id}/uploaded`);
    expect(again.body.data.fields[0].message).toBe('This upload failed. Start a new upload.');
    const log = await h.as('support').get('/firmwares/upload-logs?status=failed');
    expect(log.body.data.list.map((f: { id: string }) => f.id)).toEqual([id]);
    const all = await h.as('support').get('/firmwares/upload-logs');
    expect(all.body.data.total).toBe(4);
    expect((await h.as('support').get('/firmwares')).body.data.total).toBe(3);
  });

  it('audits every write of a file: the upload started and done, the latest flag; a refused one records nothing', async () => {
    const file = await uploadFirmware(h, 'dv456_upgrade_20261207.8720_fk_Rename');
    await h.as('support').put(`/firmwares/${file.id}`, { description: 'Now latest', latest: true });
    const log = await h.database.query<{
      action: string;
      actor_name: string;
      customer_id: null;
      before: Snap;
      after: Snap;
    }>(
      "SELECT action, actor_name, customer_id, before, after FROM audit_log WHERE entity = 'firmware' AND entity_id = $1 ORDER BY id",
      [file.id],
    );
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    expect(log[0]).toMatchObject({ actor_name: 'support', customer_id: null, before: null });
    expect(log[0]?.after).toMatchObject({ status: 'uploading', version: 8720 });
    expect(log[1]?.after).toMatchObject({ status: 'uploaded', sha256: file.sha256 });
    expect(log[2]?.before).toMatchObject({ latest: false });
    expect(log[2]?.after).toMatchObject({ latest: true, description: 'Now latest' });
    const total = async () =>
      Number((await h.database.query<{ n: string }>('SELECT count(*) AS n FROM audit_log'))[0]?.n);
    const before = await total();
    expect((await h.as('support').post('/firmwares', { file_name: 'firmware.bin' })).status).toBe(400);
    expect((await h.as('support').post(`/firmwares/${file.id}/uploaded`)).status).toBe(200);
    expect(await total()).toBe(before);
  });

  it("is provider staff's: customers' users and sales are refused, whatever their role holds", async () => {
    await h.grant('Fleet manager', ['device:view', 'device:edit']);
    for (const who of ['manager', 'operator', 'sales']) {
      expect((await h.as(who).get('/firmwares')).status, who).toBe(403);
      expect(
        (await h.as(who).post('/firmwares', { file_name: 'dv426_upgrade_20261201.8701_fk_Rename' })).status,
      ).toBe(403);
      expect((await h.as(who).get(`/firmwares/${firstId}`)).status).toBe(403);
    }
  });
});
