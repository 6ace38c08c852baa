import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_EXE, SAMPLE_PDF, SAMPLE_PNG } from '../../testing/files.ts';
import { type StoringHarness, startHarness, storingIn } from '../../testing/harness.ts';

let h: StoringHarness;
const company: Record<string, string> = {};

beforeAll(async () => {
  h = await storingIn('files', startHarness);
  Object.assign(company, await h.companies());
});
afterAll(async () => h?.close());

const stored = async () => {
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
    );
    return nested.flat();
  };
  return walk(join(h.dataDir, 'objects'));
};
const rows = async () =>
  Number((await h.database.query<{ n: string }>('SELECT count(*) AS n FROM files'))[0]?.n);

describe('files', () => {
  let fileId = '';

  it("a customer's user uploads a PDF: name, description, date and user; content served by its signed link", async () => {
    const res = await h
      .as('manager')
      .upload(
        '/files',
        { name: 'Safety rules', description: 'Yard rules 2026' },
        { name: 'rules.pdf', data: SAMPLE_PDF },
      );
    expect(res.status).toBe(201);
    const file = res.body.data;
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
    const list = await h.as('manager').get('/files?filter=safety');
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id: fileId, name: 'Safety rules' }] });
    expect(list.body.data.list[0].object_key).toBeUndefined();
    const one = await h.as('manager').get(`/files/${fileId}`);
    expect(one.status).toBe(200);
    expect(one.body.data.link.url).toMatch(
      new RegExp(`^/api/v1/files/${fileId}/content\\?expires=\\d+&signature=`),
    );
  });

  it('edits name and description, and replaces the content, removing the old object', async () => {
    const before = await stored();
    const res = await h
      .as('manager')
      .upload(
        `/files/${fileId}`,
        { name: 'Safety rules v2', description: '' },
        { name: 'rules.png', data: SAMPLE_PNG },
        'PUT',
      );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Safety rules v2',
      description: '',
      format: 'png',
      file_name: 'rules.png',
    });
    const after = await stored();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
    const keep = await h
      .as('manager')
      .upload(`/files/${fileId}`, { name: 'Safety rules v3' }, undefined, 'PUT');
    expect(keep.status).toBe(200);
    expect(keep.body.data).toMatchObject({ name: 'Safety rules v3', format: 'png' });
  });

  it('keeps a saved content change a success when the old object cannot be removed', async () => {
    const [row] = await h.database.query<{ object_key: string }>(
      'SELECT object_key FROM files WHERE id = $1',
      [fileId],
    );
    // The old object becomes a non-empty folder: removing it fails.
    const oldPath = join(h.dataDir, 'objects', ...(row?.object_key ?? '').split('/'));
    await rm(oldPath, { force: true });
    await mkdir(oldPath);
    await writeFile(join(oldPath, 'stuck'), 'x');
    const res = await h
      .as('manager')
      .upload(
        `/files/${fileId}`,
        { name: 'Safety rules v3' },
        { name: 'rules.png', data: SAMPLE_PNG },
        'PUT',
      );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Safety rules v3', format: 'png' });
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
    const res = await h.as('manager').upload('/files', { name: 'Too big' }, { name: 'big.pdf', data: big });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([
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
      const res = await h.as('manager').upload('/files', { name: 'Sneaky' }, file);
      expect(res.status, file.name).toBe(400);
      expect(res.body.data.fields).toEqual([
        expect.objectContaining({ field: 'file', message: 'The file format must be valid.' }),
      ]);
    }
    const edit = await h
      .as('manager')
      .upload(`/files/${fileId}`, { name: 'x' }, { name: 'a.pdf', data: SAMPLE_EXE }, 'PUT');
    expect(edit.status).toBe(400);
    expect(await rows()).toBe(count);
    expect(await stored()).toEqual(before);
    expect((await h.as('manager').get(`/files/${fileId}`)).body.data.name).toBe('Safety rules v3');
  });

  it('requires a name and a file', async () => {
    const res = await h.as('manager').upload('/files', {});
    expect(res.status).toBe(400);
    const fields = res.body.data.fields.map((f: { field: string; key: string }) => `${f.field}:${f.key}`);
    expect(fields).toEqual(['name:nameRequired', 'file:fileRequired']);
  });

  it('keeps files within their tenant: a sub company never sees the parent, strangers get 404', async () => {
    // The manager files one for the sub company; staff may file for any company.
    const pdf = { name: 'p.pdf', data: SAMPLE_PDF };
    const file = (who: string, name: string, customer: string | undefined, upload = pdf) =>
      h.as(who).upload('/files', { name, customer_id: customer ?? '' }, upload);
    const sub = await file('manager', 'North yard map', company['harbor-north'], {
      name: 'map.png',
      data: SAMPLE_PNG,
    });
    expect(sub.status).toBe(201);
    const byAdmin = await file('admin', 'Provider file', company.fleetlens);
    expect(byAdmin.status).toBe(201);
    // Not into a company the caller cannot see.
    const foreign = await file('manager', 'Into provider', company.fleetlens);
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.fields[0]).toMatchObject({ field: 'customer_id' });
    const mine = (await h.as('manager').get('/files')).body.data.list.map((f: { name: string }) => f.name);
    expect(mine.sort()).toEqual(['North yard map', 'Safety rules v3']);
    expect((await h.as('manager').get(`/files/${byAdmin.body.data.id}`)).status).toBe(404);
    const edit = await h
      .as('manager')
      .upload(`/files/${byAdmin.body.data.id}`, { name: 'Taken' }, undefined, 'PUT');
    expect(edit.status).toBe(404);
    // The operator's company (sub company) has no file upload: list and upload are refused...
    expect((await h.as('operator').get('/files')).status).toBe(403);
    expect(
      (await h.as('operator').upload('/files', { name: 'x' }, { name: 'x.pdf', data: SAMPLE_PDF })).status,
    ).toBe(403);
    // ...and so is reading: a file of their own company has no preview or content link for them.
    expect((await h.as('operator').get(`/files/${sub.body.data.id}`)).status).toBe(403);
    expect((await h.as('operator').get(`/files/${fileId}`)).status).toBe(403);
    // Once the company buys the function, its own file opens and the parent's stays unseen.
    await h.database.query(
      "UPDATE customers SET functions = functions || '{file-upld}' WHERE stk_user = 'harbor-north'",
    );
    expect((await h.as('operator').get(`/files/${sub.body.data.id}`)).status).toBe(200);
    expect((await h.as('operator').get(`/files/${fileId}`)).status).toBe(404);
    await h.database.query(
      "UPDATE customers SET functions = array_remove(functions, 'file-upld') WHERE stk_user = 'harbor-north'",
    );
    // Staff see every company's files.
    expect((await h.as('support').get('/files')).body.data.total).toBe(3);
  });
});
