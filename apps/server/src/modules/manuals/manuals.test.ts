import { MANUAL_MAX_BYTES } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { SAMPLE_EXE, SAMPLE_PDF, SAMPLE_PNG } from '../../testing/files.ts';
import { startHarness, storingIn } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';

const h = perFile(() => storingIn('manuals', startHarness));

describe('manuals', () => {
  it('an admin uploads versions; the user menu offers the latest; everyone downloads it by a signed link', async () => {
    expect((await h.as('operator').get('/users/my')).body.data.manual).toBeNull();
    const first = await h
      .as('admin')
      .upload('/manuals', { version: '3.0' }, { name: 'manual-3.0.pdf', data: SAMPLE_PDF });
    expect(first.status).toBe(201);
    const second = await h
      .as('admin')
      .upload('/manuals', { version: '3.1' }, { name: 'manual-3.1.pdf', data: SAMPLE_PDF });
    expect(second.body.data).toMatchObject({
      version: '3.1',
      file_name: 'manual-3.1.pdf',
      size: SAMPLE_PDF.length,
    });
    const my = (await h.as('operator').get('/users/my')).body.data.manual;
    expect(my).toEqual({ id: second.body.data.id, version: '3.1' });
    const link = await h.as('operator').get(`/manual/${my.id}`);
    expect(link.status).toBe(200);
    const file = await h.app.inject({ method: 'GET', url: link.body.data.manual });
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
    const list = await h.as('support').get('/manuals');
    expect(list.body.data.list.map((m: { version: string }) => m.version)).toEqual(['3.1', '3.0']);
    expect((await h.as('manager').get('/manuals')).status).toBe(403);
  });

  it("answers 'Manual not found' for a manual that does not exist or whose file is gone", async () => {
    const missing = await h.as('operator').get('/manual/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Manual not found.');
    const [row] = await h.database.query<{ id: string }>(
      "INSERT INTO manuals (version, file_key, file_name) VALUES ('0.9', 'manuals/2020/01/00000000-0000-4000-8000-000000000000', 'old.pdf') RETURNING id",
    );
    const link = (await h.as('operator').get(`/manual/${row?.id}`)).body.data.manual;
    const gone = await h.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'en' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Manual not found.');
  });

  it('takes only PDFs with a version, from admins only', async () => {
    const count = (await h.as('admin').get('/manuals')).body.data.total;
    const notPdf = await h
      .as('admin')
      .upload('/manuals', { version: '4' }, { name: 'manual.pdf', data: SAMPLE_EXE });
    expect(notPdf.body.data.fields).toEqual([
      expect.objectContaining({ field: 'file', message: 'The file format must be valid.' }),
    ]);
    expect(
      (await h.as('admin').upload('/manuals', { version: '4' }, { name: 'manual.png', data: SAMPLE_PNG }))
        .status,
    ).toBe(400);
    const empty = await h.as('admin').upload('/manuals', {});
    expect(empty.body.data.fields.map((f: { message: string }) => f.message)).toEqual([
      'Enter the version.',
      'Choose a file.',
    ]);
    expect(
      (await h.as('support').upload('/manuals', { version: '4' }, { name: 'm.pdf', data: SAMPLE_PDF }))
        .status,
    ).toBe(403);
    expect((await h.as('admin').get('/manuals')).body.data.total).toBe(count);
  });

  it('refuses a file over the manual limit with the manual message, not the 5 MB file one', async () => {
    const huge = Buffer.concat([SAMPLE_PDF, Buffer.alloc(MANUAL_MAX_BYTES + 1 - SAMPLE_PDF.length)]);
    const tooLarge = await h.as('admin').upload('/manuals', { version: '9' }, { name: 'm.pdf', data: huge });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.data.fields).toEqual([
      expect.objectContaining({ field: 'file', message: 'The manual must be at most 50 MB.' }),
    ]);
  });
});
