import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
const token: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  for (const name of ['admin', 'support', 'manager', 'operator']) token[name] = await tokenOf(h.app, name);
});
afterAll(async () => h?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'en') =>
  h.app.inject({ method, url, headers: { ...bearer(token[who] ?? ''), 'accept-language': lang }, payload });

describe('release notes', () => {
  let id = '';

  it('has no current version before the first note', async () => {
    const res = await call('operator', 'GET', '/api/v1/release-notes/current');
    expect(res.json().data).toEqual({ version: null });
  });

  it('an admin publishes one; everyone signed in reads it and sees it as the current version', async () => {
    const res = await call('admin', 'POST', '/api/v1/release-notes', {
      version: '3.1.0',
      note: 'Files and manuals',
      date: '2026-11-20',
    });
    expect(res.statusCode).toBe(201);
    id = res.json().data.id;
    expect(res.json().data).toMatchObject({
      version: '3.1.0',
      note: 'Files and manuals',
      date: '2026-11-20',
    });
    const list = await call('operator', 'GET', '/api/v1/release-notes');
    expect(list.json().data).toMatchObject({ total: 1, list: [{ id, version: '3.1.0' }] });
    expect((await call('operator', 'GET', `/api/v1/release-notes/${id}`)).json().data.date).toBe(
      '2026-11-20',
    );
    expect((await call('manager', 'GET', '/api/v1/release-notes/current')).json().data).toEqual({
      version: '3.1.0',
    });
  });

  it('the current version is the latest by date, not the latest written', async () => {
    await call('admin', 'POST', '/api/v1/release-notes', {
      version: '3.0.9',
      note: 'Older',
      date: '2026-10-01',
    });
    expect((await call('manager', 'GET', '/api/v1/release-notes/current')).json().data.version).toBe('3.1.0');
    const list = (await call('manager', 'GET', '/api/v1/release-notes')).json().data.list;
    expect(list.map((n: { version: string }) => n.version)).toEqual(['3.1.0', '3.0.9']);
    const filtered = (await call('manager', 'GET', '/api/v1/release-notes?filter=older')).json().data;
    expect(filtered.total).toBe(1);
  });

  it('an admin edits one; a later date makes it current', async () => {
    const notes = (await call('admin', 'GET', '/api/v1/release-notes?filter=older')).json().data.list;
    const res = await call('admin', 'PUT', `/api/v1/release-notes/${notes[0].id}`, {
      version: '3.2.0',
      note: 'Newer now',
      date: '2026-11-22',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ version: '3.2.0', date: '2026-11-22' });
    expect((await call('manager', 'GET', '/api/v1/release-notes/current')).json().data.version).toBe('3.2.0');
  });

  it('requires version, note and date, each with its own message, in the caller language', async () => {
    const res = await call('admin', 'POST', '/api/v1/release-notes', { version: ' ', note: '', date: '' });
    expect(res.statusCode).toBe(400);
    expect(
      res.json().data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    ).toEqual([
      ['version', 'Enter the version.'],
      ['note', 'Enter the note.'],
      ['date', 'Enter the date.'],
    ]);
    const ja = await call('admin', 'POST', '/api/v1/release-notes', {}, 'ja');
    expect(ja.json().data.fields.map((f: { message: string }) => f.message)).toEqual([
      'バージョンを入力してください。',
      'ノートを入力してください。',
      '日付を入力してください。',
    ]);
    const badDate = await call('admin', 'POST', '/api/v1/release-notes', {
      version: '1',
      note: 'x',
      date: '2026-13-45',
    });
    expect(badDate.json().data.fields[0]).toMatchObject({ field: 'date', key: 'invalidDate' });
    expect((await call('admin', 'GET', '/api/v1/release-notes')).json().data.total).toBe(2);
  });

  it('only admins write (support and customers are refused before their input is read)', async () => {
    for (const who of ['support', 'manager', 'operator']) {
      expect(
        (await call(who, 'POST', '/api/v1/release-notes', { version: '9', note: 'x', date: '2026-01-01' }))
          .statusCode,
      ).toBe(403);
      expect((await call(who, 'PUT', `/api/v1/release-notes/${id}`, { junk: 1 })).statusCode).toBe(403);
    }
    expect(
      (
        await call('admin', 'PUT', '/api/v1/release-notes/00000000-0000-4000-8000-000000000000', {
          version: '1',
          note: 'x',
          date: '2026-01-01',
        })
      ).statusCode,
    ).toBe(404);
  });
});
