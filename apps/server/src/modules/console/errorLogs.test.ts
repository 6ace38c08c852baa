// POST /error-logs is open before sign-in, so each address may file only so many a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { ERROR_LOG_LIMIT } from './index.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const report = (remoteAddress: string, language = 'en') =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/error-logs',
    remoteAddress,
    headers: { 'accept-language': language },
    payload: { error: 'TypeError: x is undefined', url: '/#/users' },
  });
const stored = async () =>
  (await h.database.query<{ n: number }>('SELECT count(*)::int AS n FROM error_logs'))[0]?.n ?? 0;

describe('the error log before sign-in', () => {
  it('refuses an address over the limit with a translated 429, and keeps nothing of it', async () => {
    for (let i = 0; i < ERROR_LOG_LIMIT; i += 1) expect((await report('203.0.113.7')).statusCode).toBe(201);
    const before = await stored();
    const refused = await report('203.0.113.7', 'ja');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 42900,
      message: 'リクエストが多すぎます。しばらく待ってから再度お試しください。',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
  });

  it('counts each address on its own', async () => {
    expect((await report('198.51.100.9')).statusCode).toBe(201);
  });
});
