import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('release notes', () => {
  let id = '';

  it('has no current version before the first note', async () => {
    const res = await h.as('operator').get('/release-notes/current');
    expect(res.body.data).toEqual({ version: null });
  });

  it('an admin publishes one; everyone signed in reads it and sees it as the current version', async () => {
    const res = await h.as('admin').post('/release-notes', {
      version: '3.1.0',
      note: 'Files and manuals',
      date: '2026-11-20',
    });
    expect(res.status).toBe(201);
    id = res.body.data.id;
    expect(res.body.data).toMatchObject({
      version: '3.1.0',
      note: 'Files and manuals',
      date: '2026-11-20',
    });
    const list = await h.as('operator').get('/release-notes');
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id, version: '3.1.0' }] });
    expect((await h.as('operator').get(`/release-notes/${id}`)).body.data.date).toBe('2026-11-20');
    expect((await h.as('manager').get('/release-notes/current')).body.data).toEqual({
      version: '3.1.0',
    });
  });

  it('the current version is the latest by date, not the latest written', async () => {
    await h.as('admin').post('/release-notes', {
      version: '3.0.9',
      note: 'Older',
      date: '2026-10-01',
    });
    expect((await h.as('manager').get('/release-notes/current')).body.data.version).toBe('3.1.0');
    const list = (await h.as('manager').get('/release-notes')).body.data.list;
    expect(list.map((n: { version: string }) => n.version)).toEqual(['3.1.0', '3.0.9']);
    const filtered = (await h.as('manager').get('/release-notes?filter=older')).body.data;
    expect(filtered.total).toBe(1);
  });

  it('an admin edits one; a later date makes it current', async () => {
    const notes = (await h.as('admin').get('/release-notes?filter=older')).body.data.list;
    const res = await h.as('admin').put(`/release-notes/${notes[0].id}`, {
      version: '3.2.0',
      note: 'Newer now',
      date: '2026-11-22',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: '3.2.0', date: '2026-11-22' });
    expect((await h.as('manager').get('/release-notes/current')).body.data.version).toBe('3.2.0');
  });

  it('requires version, note and date, each with its own message, in the caller language', async () => {
    const res = await h.as('admin').post('/release-notes', { version: ' ', note: '', date: '' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message])).toEqual(
      [
        ['version', 'Enter the version.'],
        ['note', 'Enter the note.'],
        ['date', 'Enter the date.'],
      ],
    );
    const ja = await h.as('admin', { lang: 'ja' }).post('/release-notes', {});
    expect(ja.body.data.fields.map((f: { message: string }) => f.message)).toEqual([
      'バージョンを入力してください。',
      'ノートを入力してください。',
      '日付を入力してください。',
    ]);
    const badDate = await h.as('admin').post('/release-notes', {
      version: '1',
      note: 'x',
      date: '2026-13-45',
    });
    expect(badDate.body.data.fields[0]).toMatchObject({ field: 'date', key: 'invalidDate' });
    expect((await h.as('admin').get('/release-notes')).body.data.total).toBe(2);
  });

  it('only admins write (support and customers are refused before their input is read)', async () => {
    for (const who of ['support', 'manager', 'operator']) {
      expect(
        (await h.as(who).post('/release-notes', { version: '9', note: 'x', date: '2026-01-01' })).status,
      ).toBe(403);
      expect((await h.as(who).put(`/release-notes/${id}`, { junk: 1 })).status).toBe(403);
    }
    expect(
      (
        await h.as('admin').put('/release-notes/00000000-0000-4000-8000-000000000000', {
          version: '1',
          note: 'x',
          date: '2026-01-01',
        })
      ).status,
    ).toBe(404);
  });
});
