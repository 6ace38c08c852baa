// The realm as an outside OpenID client sees it: openid-client (a certified relying-party
// library) discovers the realm and runs authorization code + PKCE, refresh, userinfo and logout,
// its HTTP sent through fastify.inject; the "browser" part (sign-in form, redirects, cookies) is
// driven over HTTP the way the harness's signInAs does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, PUBLIC_URL, startHarness, TEST_PASSWORD } from '../../testing/harness.ts';

const ISSUER = `${PUBLIC_URL}/auth/realms/fleet`;
const REDIRECT = `${PUBLIC_URL}/`;

let h: Harness;
let client: oidc.Configuration;

/** fetch for openid-client, answered by the app in-process. */
function injectFetch(app: FastifyInstance): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const res = await app.inject({
      method: (options.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(options.body === undefined || options.body === null ? {} : { payload: String(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) headers.set(name, String(value));
    return new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly app: FastifyInstance;
  constructor(app: FastifyInstance) {
    this.app = app;
  }
  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  has(name: string) {
    return this.cookies.has(name);
  }
  async open(url: string | URL, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const target = new URL(url, PUBLIC_URL);
    const res = await this.app.inject({
      method: form ? 'POST' : 'GET',
      url: `${target.pathname}${target.search}`,
      headers: {
        host: target.host,
        accept: 'text/html',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.keep(res);
    return res;
  }
  /** Follows redirects until one leaves for the console; answers that address. */
  async follow(res: LightMyRequestResponse): Promise<URL> {
    let current = res;
    for (let hops = 0; hops < 6; hops += 1) {
      const location = String(current.headers.location ?? '');
      if (!location) throw new Error(`no redirect (${current.statusCode}): ${current.body.slice(0, 300)}`);
      const next = new URL(location, PUBLIC_URL);
      if (`${next.origin}${next.pathname}` === REDIRECT) return next;
      current = await this.open(location);
    }
    throw new Error('too many redirects');
  }
  async submitSignIn(page: LightMyRequestResponse, username: string): Promise<URL> {
    const action = /action="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    if (!action) throw new Error(`no sign-in form: ${page.body.slice(0, 300)}`);
    return this.follow(await this.open(action, { username, password: TEST_PASSWORD }));
  }
}

/** Fields of the first form on a page. */
function formOf(body: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(body)?.[1] ?? '';
  const fields = Object.fromEntries(
    [...body.matchAll(/<(?:input|button)[^>]*name="(\w+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return { action, fields };
}

async function codeFlow(browser: Browser, username: string, config = client) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid profile email offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const first = await browser.open(url);
  expect(first.statusCode).toBe(303);
  const page = await browser.open(String(first.headers.location));
  const callback = await browser.submitSignIn(page, username);
  return oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
}

/** The value of a row of docs/device-provisioning.md's sign-in table: its first `code`. */
function documented(row: string): string {
  const doc = readFileSync(join(import.meta.dirname, '../../../../../docs/device-provisioning.md'), 'utf8');
  const line = doc.split('\n').find((l) => l.startsWith(`| ${row} `));
  const value = line && /`([^`]+)`/.exec(line)?.[1];
  if (!value) throw new Error(`device-provisioning.md names no ${row}`);
  return value.replace('{PUBLIC_URL}', PUBLIC_URL);
}

beforeAll(async () => {
  h = await startHarness();
  client = await oidc.discovery(
    new URL(ISSUER),
    'fleetlens-console',
    { redirect_uris: [REDIRECT] },
    oidc.None(),
    {
      execute: [oidc.allowInsecureRequests],
      [oidc.customFetch]: injectFetch(h.app),
    },
  );
});
afterAll(async () => h?.close());

describe('an OpenID client against the embedded realm', () => {
  it('finds in discovery only the response type the client may use', () => {
    const meta = client.serverMetadata();
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.grant_types_supported).not.toContain('implicit');
    expect(meta.claims_supported).toEqual(expect.arrayContaining(['sid', 'auth_time']));
    expect(meta.userinfo_endpoint).toBe(`${ISSUER}/protocol/openid-connect/userinfo`);
  });

  it('signs in with code + PKCE, refreshes, reads userinfo and logs out', async () => {
    const browser = new Browser(h.app);
    const tokens = await codeFlow(browser, 'manager');
    // offline_access shows as the refresh token itself (the access token carries no such right).
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const idClaims = tokens.claims();
    expect(idClaims?.sid).toEqual(expect.any(String));
    expect(idClaims?.auth_time).toEqual(expect.any(Number));
    expect(idClaims?.preferred_username).toBe('manager');

    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token ?? '');
    expect(refreshed.claims()?.sid).toBe(idClaims?.sid);
    expect(refreshed.scope).toBe(tokens.scope);

    const info = await oidc.fetchUserInfo(client, refreshed.access_token, idClaims?.sub ?? '');
    expect(info).toMatchObject({ preferred_username: 'manager', email: 'manager@demo.fleetlens.example' });
    expect(info.is_manager).toBe(true);

    // The console's own logout (its ID token as hint) asks nothing and ends the realm session.
    const end = oidc.buildEndSessionUrl(client, {
      id_token_hint: refreshed.id_token ?? '',
      post_logout_redirect_uri: REDIRECT,
    });
    const page = await browser.open(end);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/document\.forms\[0\]\.submit\(\)/);
    const { action, fields } = formOf(page.body);
    expect(fields.logout).toBe('yes');
    const back = await browser.open(action, fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(REDIRECT);
    expect(browser.has('_session')).toBe(false);
  });

  it('signs in with the client id and redirect address device-provisioning.md names, and no other address', async () => {
    const clientId = documented('client id');
    const redirect = documented('redirect address');
    expect(redirect).toBe(REDIRECT);
    expect((await h.app.inject('/api/v1/config')).json().data.clientId).toBe(clientId);
    const reader = await oidc.discovery(
      new URL(documented('issuer')),
      clientId,
      { redirect_uris: [redirect] },
      oidc.None(),
      {
        execute: [oidc.allowInsecureRequests],
        [oidc.customFetch]: injectFetch(h.app),
      },
    );
    const tokens = await codeFlow(new Browser(h.app), 'kitting', reader);
    const customers = await h.app.inject({ url: '/api/v1/customers', headers: bearer(tokens.access_token) });
    expect(customers.statusCode).toBe(200);
    // An address the table does not allow is refused before any sign-in page.
    const elsewhere = oidc.buildAuthorizationUrl(reader, {
      redirect_uri: `${PUBLIC_URL}/callback`,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const refused = await new Browser(h.app).open(elsewhere);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
  });

  it('answers userinfo only for a valid access token of the realm', async () => {
    const res = await h.app.inject({
      url: '/auth/realms/fleet/protocol/openid-connect/userinfo',
      headers: bearer('not.a.token'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('invalid_token');
  });

  it("gives admin's access token the privileges GET /users/my lists", async () => {
    const tokens = await codeFlow(new Browser(h.app), 'admin');
    const my = await h.app.inject({ url: '/api/v1/users/my', headers: bearer(tokens.access_token) });
    const privileges = my.json().data.user.privileges as string[];
    expect(privileges.length).toBeGreaterThan(0);
    expect((decodeJwt(tokens.access_token).privileges as string[]).sort()).toEqual([...privileges].sort());
  });

  it("does not sign anyone out for a bare link or another account's ID token", async () => {
    const victim = new Browser(h.app);
    await codeFlow(victim, 'sales');
    const stranger = await codeFlow(new Browser(h.app), 'kitting');
    for (const hint of [undefined, stranger.id_token]) {
      const link = oidc.buildEndSessionUrl(client, hint ? { id_token_hint: hint } : {});
      const page = await victim.open(link);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script');
      expect(page.body).toMatch(/<button type="submit" name="logout" value="yes">/);
      expect(victim.has('_session')).toBe(true);
    }
    // A forged confirmation (no xsrf of this session) ends nothing either.
    const forged = await victim.open('/auth/realms/fleet/protocol/openid-connect/logout/confirm', {
      logout: 'yes',
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(victim.has('_session')).toBe(true);
    // The victim's realm session still stands: a new authorization needs no password.
    const again = await victim.open(
      oidc.buildAuthorizationUrl(client, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
        prompt: 'none',
      }),
    );
    expect(String(again.headers.location)).toMatch(/^http:\/\/fleet\.test\/\?code=/);
  });
});
