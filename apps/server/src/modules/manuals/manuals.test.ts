import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_EXE, SAMPLE_PDF, SAMPLE_PNG } from '../../testing/files.ts';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
let dataDir = '';
const token: Record<string, string> = {};
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fleetlens-manuals-'));
  h = await startHarness({ DATA_DIR: dataDir });
  for (const name of ['admin', 'support', 'manager', 'operator']) token[name] = await tokenOf(h.app, name);
});
afterAll(async () => {
  await h?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const headers = (who: string) => ({ ...bearer(token[who] ?? ''), 'accept-language': 'en' });
const upload = (who: string, fields: Record<string, string>, file?: { name: string; data: Buffer }) => {
  const form = multipart(fields, file);
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/manuals',
    payload: form.payload,
    headers: { ...form.headers, ...headers(who) },
  });
};
const get = (who: string, url: string) => h.app.inject({ method: 'GET', url, headers: headers(who) });

describe('manuals', () => {
  it('an admin uploads versions; the user menu offers the latest; everyone downloads it by a signed link', async () => {
    expect((await get('operator', '/api/v1/users/my')).json().data.manual).toBeNull();
    const first = await upload('admin', { version: '3.0' }, { name: 'manual-3.0.pdf', data: SAMPLE_PDF });
    expect(first.statusCode).toBe(201);
    const second = await upload('admin', { version: '3.1' }, { name: 'manual-3.1.pdf', data: SAMPLE_PDF });
    expect(second.json().data).toMatchObject({
      version: '3.1',
      file_name: 'manual-3.1.pdf',
      size: SAMPLE_PDF.length,
    });
    const my = (await get('operator', '/api/v1/users/my')).json().data.manual;
    expect(my).toEqual({ id: second.json().data.id, version: '3.1' });
    const link = await get('operator', `/api/v1/manual/${my.id}`);
    expect(link.statusCode).toBe(200);
    const file = await h.app.inject({ method: 'GET', url: link.json().data.manual });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/v1/manual/${my.id}/file?expires=99999999999&signature=abc`,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists versions for admin and support, latest first', async () => {
    const list = await get('support', '/api/v1/manuals');
    expect(list.json().data.list.map((m: { version: string }) => m.version)).toEqual(['3.1', '3.0']);
    expect((await get('manager', '/api/v1/manuals')).statusCode).toBe(403);
  });

  it("answers 'Manual not found' for a manual that does not exist or whose file is gone", async () => {
    const missing = await get('operator', '/api/v1/manual/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Manual not found.');
    const [row] = await h.database.query<{ id: string }>(
      "INSERT INTO manuals (version, file_key, file_name) VALUES ('0.9', 'manuals/2020/01/00000000-0000-4000-8000-000000000000', 'old.pdf') RETURNING id",
    );
    const link = (await get('operator', `/api/v1/manual/${row?.id}`)).json().data.manual;
    const gone = await h.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'en' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Manual not found.');
  });

  it('takes only PDFs with a version, from admins only', async () => {
    const count = (await get('admin', '/api/v1/manuals')).json().data.total;
    const notPdf = await upload('admin', { version: '4' }, { name: 'manual.pdf', data: SAMPLE_EXE });
    expect(notPdf.json().data.fields).toEqual([
      expect.objectContaining({ field: 'file', message: 'The file format must be valid.' }),
    ]);
    expect(
      (await upload('admin', { version: '4' }, { name: 'manual.png', data: SAMPLE_PNG })).statusCode,
    ).toBe(400);
    const empty = await upload('admin', {});
    expect(empty.json().data.fields.map((f: { message: string }) => f.message)).toEqual([
      'Enter the version.',
      'Choose a file.',
    ]);
    expect((await upload('support', { version: '4' }, { name: 'm.pdf', data: SAMPLE_PDF })).statusCode).toBe(
      403,
    );
    expect((await get('admin', '/api/v1/manuals')).json().data.total).toBe(count);
  });
});
