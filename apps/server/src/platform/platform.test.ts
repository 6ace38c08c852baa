// The platform seen from outside: envelope, translated errors, field-level validation, the three
// logged-out codes, security headers, OpenAPI, health.
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../testing/harness.ts';

let h: Harness;
let adminToken: string;
beforeAll(async () => {
  h = await startHarness();
  adminToken = await tokenOf(h.app, 'admin');
});
afterAll(async () => h?.close());

describe('the answer envelope', () => {
  it('wraps success as {data, message, code: 20000}', async () => {
    const res = await h.app.inject('/api/v1/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 20000, data: { clientId: 'fleetlens-console' } });
    expect(res.json().data.issuer).toBe('http://fleet.test/auth/realms/fleet');
  });

  it('answers an unknown API path with 404 / 40400, translated', async () => {
    const res = await h.app.inject({ url: '/api/v1/nothing-here', headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(40400);
    expect(res.json().data.errorKey).toBe('notFound');
    expect(res.json().message).not.toMatch(/item you asked for/);
  });

  it('gives field-level, translated validation errors and stores nothing', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/error-logs',
      headers: { 'accept-language': 'en' },
      payload: { error: '', url: 42 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(40000);
    const fields = Object.fromEntries(
      body.data.fields.map((f: { field: string; key: string }) => [f.field, f.key]),
    );
    expect(fields).toEqual({ error: 'tooShort', url: 'invalidType' });
    for (const f of body.data.fields) expect(f.message).not.toBe(f.key);
    const [row] = await h.database.query<{ n: number }>('SELECT count(*)::int AS n FROM error_logs');
    expect(row?.n).toBe(0);
  });

  it('rejects malformed JSON with 400 and the envelope', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/error-logs',
      headers: { 'content-type': 'application/json' },
      payload: '{"error":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40000);
  });

  it('keeps a reported error, filed under the signed-in user', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/error-logs',
      headers: bearer(adminToken),
      payload: { error: 'TypeError: x is undefined', component: 'VehicleList', url: '/#/vehicles' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await h.database.query<{ username: string }>(
      'SELECT u.username FROM error_logs e JOIN users u ON u.id = e.user_id',
    );
    expect(row?.username).toBe('admin');
  });

  it('caps list paging at 10000 (contracts list query)', async () => {
    const { listQuerySchema } = await import('@fleetlens/contracts');
    expect(listQuerySchema.safeParse({ perPage: '10001' }).success).toBe(false);
    expect(listQuerySchema.parse({}).perPage).toBe(10000);
  });
});

describe('authentication', () => {
  it('answers 401 / 50008 without a token', async () => {
    const res = await h.app.inject('/api/v1/users/my');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50008);
  });

  it('answers 401 / 50008 for a token signed by a stranger', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sys_role: 'admin' })
      .setProtectedHeader({ alg: 'RS256', kid: 'stranger' })
      .setIssuer('http://fleet.test/auth/realms/fleet')
      .setAudience('urn:fleetlens:api')
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setExpirationTime('5m')
      .sign(privateKey);
    const res = await h.app.inject({ url: '/api/v1/users/my', headers: bearer(forged) });
    expect(res.json().code).toBe(50008);
  });

  it('answers 50014 for an expired token and 50012 for a disabled user', async () => {
    const expired = await tokenOf(h.app, 'kitting');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3600_000);
    try {
      const res = await h.app.inject({ url: '/api/v1/users/my', headers: bearer(expired) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(50014);
    } finally {
      vi.useRealTimers();
    }
    await h.database.query("UPDATE users SET enabled = false WHERE username = 'kitting'");
    const res = await h.app.inject({ url: '/api/v1/users/my', headers: bearer(expired) });
    expect(res.json().code).toBe(50012);
  });

  it('gives /users/my with the role list and the customer', async () => {
    const res = await h.app.inject({ url: '/api/v1/users/my', headers: bearer(adminToken) });
    const user = res.json().data.user;
    expect(user.sys_role).toBe('admin');
    expect(user.customer.name).toBe('FleetLens');
    expect(user.privileges).toContain('customer:add');
  });
});

describe('around the API', () => {
  it('sets security headers', async () => {
    const res = await h.app.inject('/api/v1/config');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('serves an OpenAPI 3.1 document generated from the schemas', async () => {
    const res = await h.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const check = doc.paths['/api/v1/users/session-check'].post;
    expect(check.requestBody.content['application/json'].schema.required).toContain('device_id');
    const viewer = await h.app.inject('/api/docs/');
    expect(viewer.statusCode).toBe(200);
  });

  it('reports health and the version outside production', async () => {
    expect((await h.app.inject('/healthz')).json()).toMatchObject({ status: 'ok' });
    expect((await h.app.inject('/api/v1/version')).json().data.version).toBe('3.0.0');
  });
});
