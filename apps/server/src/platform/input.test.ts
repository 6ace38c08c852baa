// Bad input of each class the outside test found answering 500 — control characters in a body, a
// query, a path or a realm form, a prototype name as a list's order_by, a broken upload, an
// impossible date — now answers 400 with its message in each of the four languages, and changes
// nothing. The fuzz test (fuzz.test.ts) walks every operation; this file pins each answer.

import { LANGUAGES } from '@fleetlens/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  refreshTokens,
  type StoringHarness,
  startHarness,
  storingIn,
  tokenOf,
} from '../testing/harness.ts';
import { multipart } from '../testing/malformed.ts';
import { translate } from './i18n.ts';

let h: StoringHarness;
let admin = '';
beforeAll(async () => {
  // Uploads that pass are stored: in a folder of this test's own.
  h = await storingIn('input', startHarness);
  admin = await tokenOf(h.app, 'admin');
});
afterAll(async () => h?.close());

/** Sends the request in every language: a 400 each time, with the message of `lang`. */
async function refusedInEveryLanguage(request: InjectOptions & { headers?: Record<string, string> }) {
  const answers: { errorKey: string; fields?: { field: string; key: string; message: string }[] }[] = [];
  for (const lang of LANGUAGES) {
    const res = await h.app.inject({
      ...request,
      headers: { ...bearer(admin), ...request.headers, 'accept-language': lang },
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe(40000);
    expect(body.message).toBe(translate(lang, 'errors', body.data.errorKey));
    for (const f of body.data.fields ?? []) expect(f.message).toBe(translate(lang, 'validation', f.key));
    answers.push(body.data);
  }
  // The four languages say it differently: each message is really translated.
  expect(new Set(answers.map((a) => a.fields?.[0]?.message ?? '')).size).toBeGreaterThan(
    answers[0]?.fields ? 3 : 0,
  );
  return answers[0] as (typeof answers)[0];
}

const count = async (sql: string) => (await h.database.query<{ n: number }>(sql))[0]?.n;

describe('control characters', () => {
  it('refuses a NUL in a body field, naming the field, and stores nothing', async () => {
    const answer = await refusedInEveryLanguage({
      method: 'POST',
      url: '/api/v1/error-logs',
      payload: { error: 'boom\u0000', info: 'a\u001b[2J' },
    });
    expect(answer.fields?.map((f) => [f.field, f.key]).sort()).toEqual([
      ['error', 'controlCharacter'],
      ['info', 'controlCharacter'],
    ]);
    expect(await count('SELECT count(*)::int AS n FROM error_logs')).toBe(0);
  });

  it('keeps tab, line feed and carriage return in text', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/error-logs',
      payload: { error: 'line 1\r\n\tline 2' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a NUL in a query or a path, encoded or not', async () => {
    const query = await refusedInEveryLanguage({ url: '/api/v1/users?filter=a%00b' });
    expect(query.fields?.[0]?.field).toBe('query.filter');
    const path = await refusedInEveryLanguage({ url: '/api/v1/users/a%00b' });
    expect(path.fields?.[0]?.field).toBe('path');
  });

  it('refuses a NUL in a form of the identity realm before the provider stores it', async () => {
    const answer = await refusedInEveryLanguage({
      method: 'POST',
      url: '/auth/realms/fleet/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&client_id=fleetlens-console&refresh_token=a%00b',
    });
    expect(answer.fields?.[0]?.field).toBe('refresh_token');
    // The provider still reads a clean form whole after the check has read it.
    const clean = await refreshTokens(h.app, 'unknown');
    expect(clean.statusCode).toBe(400);
    expect(clean.json().error).toBe('invalid_grant');
  });
});

describe('lists, uploads and dates', () => {
  it('refuses an order_by that names a prototype member', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const answer = await refusedInEveryLanguage({ url: `/api/v1/customers?order_by=${name}` });
      expect(answer.fields?.[0]).toMatchObject({ field: 'querystring.order_by', key: 'orderBy' });
    }
  });

  it('refuses an upload without a boundary or cut short', async () => {
    const body = multipart({ version: '9.9.9' }, { name: 'm.pdf', data: '%PDF-1.4\n%%EOF\n' });
    for (const [contentType, payload] of [
      ['multipart/form-data', body],
      ['multipart/form-data; boundary=fuzzboundary', body.slice(0, -30)],
    ] as const) {
      const answer = await refusedInEveryLanguage({
        method: 'POST',
        url: '/api/v1/manuals',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(answer.errorKey).toBe('malformedUpload');
    }
    expect(await count("SELECT count(*)::int AS n FROM manuals WHERE version = '9.9.9'")).toBe(0);
  });

  it('refuses a date that is not on the calendar', async () => {
    const note = await refusedInEveryLanguage({
      method: 'POST',
      url: '/api/v1/release-notes',
      payload: { version: '9.9.9', note: 'x', date: '2026-02-30' },
    });
    expect(note.fields?.[0]).toMatchObject({ field: 'date', key: 'invalidDate' });
    const audit = await refusedInEveryLanguage({ url: '/api/v1/audit-log?from=2026-02-30%2010%3A00' });
    expect(audit.fields?.[0]).toMatchObject({ field: 'querystring.from', key: 'invalidDate' });
  });

  it('answers a path id that cannot name a record as not found, not as fields to correct', async () => {
    const longId = 'a'.repeat(300);
    for (const url of [
      '/api/v1/events/abc',
      '/api/v1/users/abc',
      `/api/v1/vehicles/${longId}`,
      '/api/v1/reports/00000000-0000-4000-8000-000000000000/export/doc',
    ]) {
      const res = await h.app.inject({ url, headers: { ...bearer(admin), 'accept-language': 'ja' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 40400, message: translate('ja', 'errors', 'notFound') });
    }
  });

  it('answers a path that does not decode in the envelope', async () => {
    const res = await h.app.inject({ url: '/api/v1/users/%FF', headers: { 'accept-language': 'ja' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(translate('ja', 'errors', 'badUrl'));
  });
});
