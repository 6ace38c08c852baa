// Service accounts: created with the creator's privileges at most, signed in with the
// realm's client-credentials grant by a standard OpenID client (openid-client), calling the API as
// their company with their privileges only, and refused at once when revoked.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, PUBLIC_URL, startHarness, tokenCall, twoTenants } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';

const h = perFile(startHarness);
const ISSUER = `${PUBLIC_URL}/auth/realms/fleet`;

/** The realm and API as a fetch: openid-client's requests go to the app without a socket. */
const injectFetch =
  (app: FastifyInstance): typeof fetch =>
  async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      payload: init?.body ? String(init.body) : undefined,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: out,
    });
  };

async function signInWithClientCredentials(clientId: string, secret: string, post = false) {
  const config = await oidc.discovery(
    new URL(ISSUER),
    clientId,
    undefined,
    post ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret),
    { [oidc.customFetch]: injectFetch(h.app), execute: [oidc.allowInsecureRequests] },
  );
  return oidc.clientCredentialsGrant(config);
}

async function newAccount(body: Record<string, unknown>, who = 'manager') {
  const res = await h.as(who).post('/service-accounts', {
    name: 'Yard ERP',
    customer_id: await h.companyId('harbor'),
    privileges: ['vehicle:view'],
    ...body,
  });
  return res;
}

describe('service accounts', () => {
  it('a manager creates one; its secret is answered once; openid-client signs in and reads vehicles of its company only', async () => {
    const ids = await twoTenants(h, [], { forklift: 'SA forklift' });
    const created = await newAccount({ name: 'Yard ERP' });
    expect(created.status).toBe(201);
    const account = created.body.data;
    expect(account).toMatchObject({
      name: 'Yard ERP',
      customer: { id: ids.harbor },
      privileges: ['vehicle:view'],
      client_id: `svc-${account.id}`,
    });
    expect(account.client_secret).toMatch(/^[\w-]{43}$/);
    // Never again: not in the list, not in the record, not stored as it is.
    const listed = await h.as('manager').get('/service-accounts');
    expect(JSON.stringify(listed.body.data)).not.toContain(account.client_secret);
    expect(
      (await h.as('manager').get(`/service-accounts/${account.id}`)).body.data.client_secret,
    ).toBeUndefined();
    const [stored] = await h.database.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM service_accounts WHERE id = $1',
      [account.id],
    );
    expect(stored?.secret_hash).not.toBe(account.client_secret);

    for (const post of [false, true]) {
      const tokens = await signInWithClientCredentials(account.client_id, account.client_secret, post);
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      const res = await h.app.inject({
        url: '/api/v1/vehicles?perPage=500',
        headers: bearer(tokens.access_token),
      });
      expect(res.statusCode).toBe(200);
      const names = res.json().data.list.map((v: { name: string }) => v.name);
      expect(names).toContain('SA forklift');
      // Another company's vehicles are never visible, nor reachable one by one.
      expect(names).not.toContain('Quay crane');
      const other = await h.app.inject({
        url: `/api/v1/vehicles/${ids.otherVehicle}`,
        headers: bearer(tokens.access_token),
      });
      expect(other.statusCode).toBe(404);
    }
  });

  it('calls only what its privileges open, and nothing about a person (profile, live channel)', async () => {
    const account = (await newAccount({ name: 'Reader only' })).body.data;
    const { access_token } = await signInWithClientCredentials(account.client_id, account.client_secret);
    const as = (url: string) => h.app.inject({ url, headers: bearer(access_token) });
    // Its creator may read operators and users; the account was given vehicle:view only.
    expect((await h.as('manager').get('/operators')).status).not.toBe(403);
    expect((await as('/api/v1/operators')).statusCode).toBe(403);
    expect((await as('/api/v1/users')).statusCode).toBe(403);
    expect((await as('/api/v1/users/my')).statusCode).toBe(403);
    // The live channel is the console's: the socket is closed with the reason.
    if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/live`);
    await new Promise<void>((resolve) => socket.on('open', () => resolve()));
    const closed = new Promise<string>((resolve) =>
      socket.on('close', (_code, reason) => resolve(String(reason))),
    );
    socket.send(JSON.stringify({ type: 'auth', token: access_token }));
    expect(await closed).toBe('service account');
  });

  it('refuses privileges its creator lacks, with a translated message, and changes nothing', async () => {
    const before = await h.database.query('SELECT id FROM service_accounts');
    const res = await h.as('manager', { lang: 'ja' }).post('/service-accounts', {
      name: 'Too much',
      customer_id: await h.companyId('harbor'),
      privileges: ['vehicle:view', 'customer:add'],
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('customer:add');
    expect(res.body.message).toContain('サービスアカウント');
    expect(res.body.data.fields[0]).toMatchObject({ field: 'privileges' });
    expect(await h.database.query('SELECT id FROM service_accounts')).toEqual(before);
  });

  it('refuses bad input: no privilege, an unknown one, no name, a company out of reach, a name taken', async () => {
    const harbor = await h.companyId('harbor');
    const bad = [
      { name: 'A', customer_id: harbor, privileges: [] },
      { name: 'B', customer_id: harbor, privileges: ['vehicle:fly'] },
      { name: ' ', customer_id: harbor, privileges: ['vehicle:view'] },
      { name: 'C', customer_id: 'nope', privileges: ['vehicle:view'] },
      { name: 'D', customer_id: harbor, privileges: ['vehicle:view'], secret: 'mine' },
    ];
    for (const body of bad) expect((await h.as('manager').post('/service-accounts', body)).status).toBe(400);
    const other = await h.addCompany('wharfside', 'Wharfside Ltd');
    const out = await newAccount({ name: 'Elsewhere', customer_id: other });
    expect(out.status).toBe(400);
    expect(out.body.data.fields[0]).toMatchObject({ field: 'customer_id' });
    await newAccount({ name: 'Twice' });
    const twice = await newAccount({ name: 'Twice' });
    expect(twice.status).toBe(409);
    expect(twice.body.data.fields[0]).toMatchObject({ field: 'name' });
  });

  it('a wrong secret or an unknown client gets no token', async () => {
    const account = (await newAccount({ name: 'Wrong secret' })).body.data;
    const wrong = await tokenCall(h.app, {
      grant_type: 'client_credentials',
      client_id: account.client_id,
      client_secret: `${account.client_secret}x`,
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await tokenCall(h.app, {
      grant_type: 'client_credentials',
      client_id: 'svc-00000000-0000-4000-8000-000000000000',
      client_secret: account.client_secret,
    });
    expect(unknown.statusCode).toBe(401);
    // The console's public client has no client-credentials grant.
    const console = await tokenCall(h.app, { grant_type: 'client_credentials' });
    expect(console.statusCode).toBe(400);
  });

  it('revoked: its token is refused at once and it signs in no more; the audit log keeps both steps', async () => {
    const account = (await newAccount({ name: 'Short lived' })).body.data;
    const { access_token } = await signInWithClientCredentials(account.client_id, account.client_secret);
    const vehicles = () => h.app.inject({ url: '/api/v1/vehicles', headers: bearer(access_token) });
    expect((await vehicles()).statusCode).toBe(200);
    expect((await h.as('manager').delete(`/service-accounts/${account.id}`)).status).toBe(200);
    expect((await vehicles()).statusCode).toBe(401);
    await expect(signInWithClientCredentials(account.client_id, account.client_secret)).rejects.toThrow();
    const audit = await h.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'service_account' AND entity_id = $1 ORDER BY id",
      [account.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('stops while its creator is disabled', async () => {
    const account = (await newAccount({ name: 'Follows creator' })).body.data;
    const { access_token } = await signInWithClientCredentials(account.client_id, account.client_secret);
    const vehicles = () => h.app.inject({ url: '/api/v1/vehicles', headers: bearer(access_token) });
    await h.database.query("UPDATE users SET enabled = false WHERE username = 'manager'");
    try {
      expect((await vehicles()).statusCode).toBe(401);
    } finally {
      await h.database.query("UPDATE users SET enabled = true WHERE username = 'manager'");
    }
    expect((await vehicles()).statusCode).toBe(200);
  });
});
