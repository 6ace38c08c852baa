import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_EXE, SAMPLE_PDF, SAMPLE_PNG } from '../../testing/files.ts';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
let dataDir = '';
const token: Record<string, string> = {};
const company: Record<string, string> = {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fleetlens-files-'));
  h = await startHarness({ DATA_DIR: dataDir });
  for (const name of ['admin', 'support', 'manager', 'operator']) token[name] = await tokenOf(h.app, name);
  Object.assign(company, await h.companies());
});
afterAll(async () => {
  await h?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (
  who: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer },
  method: 'POST' | 'PUT' = 'POST',
  url = '/api/v1/files',
) => {
  const form = multipart(fields, file);
  return h.app.inject({
    method,
    url,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token[who] ?? ''), 'accept-language': 'en' },
  });
};
const get = (who: string, url: string) =>
  h.app.inject({ method: 'GET', url, headers: { ...bearer(token[who] ?? ''), 'accept-language': 'en' } });

const stored = async () => {
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
    );
    return nested.flat();
  };
  return walk(join(dataDir, 'objects'));
};
const rows = async () =>
  Number((await h.database.query<{ n: string }>('SELECT count(*) AS n FROM files'))[0]?.n);

describe('files', () => {
  let fileId = '';

  it("a customer's user uploads a PDF: name, description, date and user; content served by its signed link", async () => {
    const res = await upload(
      'manager',
      { name: 'Safety rules', description: 'Yard rules 2026' },
      { name: 'rules.pdf', data: SAMPLE_PDF },
    );
    expect(res.statusCode).toBe(201);
    const file = res.json().data;
    fileId = file.id;
    expect(file).toMatchObject({
      type: 'customer',
      type_id: company.harbor,
      name: 'Safety rules',
      description: 'Yard rules 2026',
      file_name: 'rules.pdf',
      format: 'pdf',
      size: SAMPLE_PDF.length,
      customer: { name: 'Harbor Logistics' },
      user: { name: expect.any(String) },
    });
    expect(file.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const content = await h.app.inject({ method: 'GET', url: file.link.url });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    expect(content.headers['content-disposition']).toContain('inline');
    // A link is good only as signed.
    const forged = await h.app.inject({
      method: 'GET',
      url: file.link.url.replace(
        /signature=(.)/,
        (_: string, c: string) => `signature=${c === 'x' ? 'y' : 'x'}`,
      ),
    });
    expect(forged.statusCode).toBe(403);
    const bare = await h.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}/content` });
    expect(bare.statusCode).toBe(403);
  });

  it('lists files and reads one', async () => {
    const list = await get('manager', '/api/v1/files?filter=safety');
    expect(list.json().data).toMatchObject({ total: 1, list: [{ id: fileId, name: 'Safety rules' }] });
    expect(list.json().data.list[0].object_key).toBeUndefined();
    const one = await get('manager', `/api/v1/files/${fileId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.link.url).toMatch(
      new RegExp(`^/api/v1/files/${fileId}/content\\?expires=\\d+&signature=`),
    );
  });

  it('edits name and description, and replaces the content, removing the old object', async () => {
    const before = await stored();
    const res = await upload(
      'manager',
      { name: 'Safety rules v2', description: '' },
      { name: 'rules.png', data: SAMPLE_PNG },
      'PUT',
      `/api/v1/files/${fileId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Safety rules v2',
      description: '',
      format: 'png',
      file_name: 'rules.png',
    });
    const after = await stored();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
    const keep = await upload(
      'manager',
      { name: 'Safety rules v3' },
      undefined,
      'PUT',
      `/api/v1/files/${fileId}`,
    );
    expect(keep.statusCode).toBe(200);
    expect(keep.json().data).toMatchObject({ name: 'Safety rules v3', format: 'png' });
  });

  it('keeps a saved content change a success when the old object cannot be removed', async () => {
    const [row] = await h.database.query<{ object_key: string }>(
      'SELECT object_key FROM files WHERE id = $1',
      [fileId],
    );
    // The old object becomes a non-empty folder: removing it fails.
    const oldPath = join(dataDir, 'objects', ...(row?.object_key ?? '').split('/'));
    await rm(oldPath, { force: true });
    await mkdir(oldPath);
    await writeFile(join(oldPath, 'stuck'), 'x');
    const res = await upload(
      'manager',
      { name: 'Safety rules v3' },
      { name: 'rules.png', data: SAMPLE_PNG },
      'PUT',
      `/api/v1/files/${fileId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Safety rules v3', format: 'png' });
    const [now] = await h.database.query<{ object_key: string }>(
      'SELECT object_key FROM files WHERE id = $1',
      [fileId],
    );
    expect(now?.object_key).not.toBe(row?.object_key);
    await rm(oldPath, { recursive: true, force: true });
  });

  it('refuses a file over 5 MB while it streams in, and leaves nothing behind', async () => {
    const [before, count] = [await stored(), await rows()];
    const big = Buffer.concat([SAMPLE_PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const res = await upload('manager', { name: 'Too big' }, { name: 'big.pdf', data: big });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      expect.objectContaining({ field: 'file', message: 'The file size must be at most 5 MB.' }),
    ]);
    expect(await rows()).toBe(count);
    expect(await stored()).toEqual(before);
  });

  it('refuses content that does not match its name (a renamed program) with the spec message', async () => {
    const [before, count] = [await stored(), await rows()];
    for (const file of [
      { name: 'invoice.pdf', data: SAMPLE_EXE },
      { name: 'setup.exe', data: SAMPLE_EXE },
      { name: 'photo.pdf', data: SAMPLE_PNG },
    ]) {
      const res = await upload('manager', { name: 'Sneaky' }, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().data.fields).toEqual([
        expect.objectContaining({ field: 'file', message: 'The file format must be valid.' }),
      ]);
    }
    const edit = await upload(
      'manager',
      { name: 'x' },
      { name: 'a.pdf', data: SAMPLE_EXE },
      'PUT',
      `/api/v1/files/${fileId}`,
    );
    expect(edit.statusCode).toBe(400);
    expect(await rows()).toBe(count);
    expect(await stored()).toEqual(before);
    expect((await get('manager', `/api/v1/files/${fileId}`)).json().data.name).toBe('Safety rules v3');
  });

  it('requires a name and a file', async () => {
    const res = await upload('manager', {});
    expect(res.statusCode).toBe(400);
    const fields = res.json().data.fields.map((f: { field: string; key: string }) => `${f.field}:${f.key}`);
    expect(fields).toEqual(['name:nameRequired', 'file:fileRequired']);
  });

  it('keeps files within their tenant: a sub company never sees the parent, strangers get 404', async () => {
    // The manager files one for the sub company; staff may file for any company.
    const sub = await upload(
      'manager',
      { name: 'North yard map', customer_id: company['harbor-north'] ?? '' },
      { name: 'map.png', data: SAMPLE_PNG },
    );
    expect(sub.statusCode).toBe(201);
    const byAdmin = await upload(
      'admin',
      { name: 'Provider file', customer_id: company.fleetlens ?? '' },
      { name: 'p.pdf', data: SAMPLE_PDF },
    );
    expect(byAdmin.statusCode).toBe(201);
    // Not into a company the caller cannot see.
    const foreign = await upload(
      'manager',
      { name: 'Into provider', customer_id: company.fleetlens ?? '' },
      { name: 'p.pdf', data: SAMPLE_PDF },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.fields[0]).toMatchObject({ field: 'customer_id' });
    const mine = (await get('manager', '/api/v1/files'))
      .json()
      .data.list.map((f: { name: string }) => f.name);
    expect(mine.sort()).toEqual(['North yard map', 'Safety rules v3']);
    expect((await get('manager', `/api/v1/files/${byAdmin.json().data.id}`)).statusCode).toBe(404);
    const edit = await upload(
      'manager',
      { name: 'Taken' },
      undefined,
      'PUT',
      `/api/v1/files/${byAdmin.json().data.id}`,
    );
    expect(edit.statusCode).toBe(404);
    // The operator's company (sub company) has no file upload: list and upload are refused...
    expect((await get('operator', '/api/v1/files')).statusCode).toBe(403);
    expect((await upload('operator', { name: 'x' }, { name: 'x.pdf', data: SAMPLE_PDF })).statusCode).toBe(
      403,
    );
    // ...and so is reading: a file of their own company has no preview or content link for them.
    expect((await get('operator', `/api/v1/files/${sub.json().data.id}`)).statusCode).toBe(403);
    expect((await get('operator', `/api/v1/files/${fileId}`)).statusCode).toBe(403);
    // Once the company buys the function, its own file opens and the parent's stays unseen.
    await h.database.query(
      "UPDATE customers SET functions = functions || '{file-upld}' WHERE stk_user = 'harbor-north'",
    );
    expect((await get('operator', `/api/v1/files/${sub.json().data.id}`)).statusCode).toBe(200);
    expect((await get('operator', `/api/v1/files/${fileId}`)).statusCode).toBe(404);
    await h.database.query(
      "UPDATE customers SET functions = array_remove(functions, 'file-upld') WHERE stk_user = 'harbor-north'",
    );
    // Staff see every company's files.
    expect((await get('support', '/api/v1/files')).json().data.total).toBe(3);
  });
});
