// Test harness: a fresh migrated database (PGlite, or a throwaway database on DATABASE_URL), the
// demo seed, and the whole app behind fastify.inject. signInAs walks the real authorization code
// + PKCE flow through the embedded realm's pages, keeping cookies like a browser would; `as(who)`
// calls the API as that account, signed in once per harness.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../modules/demo/seed.ts';
import type { DeviceLink } from '../platform/deviceLink.ts';
import type { TimedJobs } from '../platform/jobs.ts';
import type { LiveHub } from '../platform/live.ts';
import type { JobQueue } from '../platform/queue.ts';
import { type ObjectStorage, objectStorage } from '../platform/storage.ts';
import { type ApiClient, type CallOptions, clientOf } from './api.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { holdAnswersToTheDocument } from './documentedAnswers.ts';

export const TEST_PASSWORD = 'Demo#Pass2026';
export const PUBLIC_URL = 'http://fleet.test';

export interface Harness {
  app: FastifyInstance;
  database: TestDatabase;
  /** The device link the app's modules received (platform.deviceLink). */
  deviceLink: DeviceLink;
  /** The job queue the app's modules received (platform.queue). */
  queue: JobQueue;
  /** The app's timed jobs (platform.jobs): a test triggers or pauses one here. */
  jobs: TimedJobs;
  /** The app's live hub (platform.hub): what modules announce to each other is kept per hub. */
  hub: LiveHub;
  /** The object storage the app's modules use (its local folder in tests). */
  storage: ObjectStorage;
  /** Calls the API as `who` (a username; null for no sign-in). */
  as(who: string | null, options?: CallOptions): ApiClient;
  /** The access token of `who`, from the harness's one sign-in of that account. */
  token(who: string): Promise<string>;
  /** The seeded companies' ids by STK user ('harbor', 'harbor-north', 'fleetlens', ...). */
  companies(): Promise<Record<string, string>>;
  companyId(stkUser: string): Promise<string>;
  /** Adds privileges to a seeded role ('Fleet manager'), for the tests of a feature it lacks. */
  grant(role: string, privileges: string[]): Promise<void>;
  /** A company of the test's own (another tenant to keep apart); answers its id. */
  addCompany(stkUser: string, name: string): Promise<string>;
  /** A vehicle of `customerId` with nothing but its name; answers its id. */
  addVehicle(customerId: string, name: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const database = await createTestDatabase();
  await seedDemo(database, TEST_PASSWORD);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL,
    WEB_DIST: '/nonexistent',
    // Test files sign in many times from one address; the throttle's own tests set low limits.
    LOGIN_RATE_LIMIT: '100000',
    AUTH_RATE_LIMIT: '100000',
    ...env,
  });
  const { app, platform } = await buildServer({ config, database });
  holdAnswersToTheDocument(app);
  const tokens = new Map<string, Promise<string>>();
  const token = (who: string): Promise<string> => {
    let pending = tokens.get(who);
    if (!pending) {
      pending = tokenOf(app, who);
      tokens.set(who, pending);
    }
    return pending;
  };
  const idOf = async (text: string, params: unknown[]) => {
    const [row] = await database.query<{ id: string }>(text, params);
    if (!row) throw new Error(`no id from ${text}`);
    return row.id;
  };
  const companies = async () =>
    Object.fromEntries(
      (await database.query<{ id: string; stk_user: string }>('SELECT id, stk_user FROM customers')).map(
        (c) => [c.stk_user, c.id],
      ),
    );
  return {
    app,
    queue: platform.queue,
    jobs: platform.jobs,
    hub: platform.hub,
    storage: objectStorage(platform.config, database),
    database,
    deviceLink: platform.deviceLink,
    as: (who, options) => clientOf(app, token, who, options),
    token,
    companies,
    companyId: async (stkUser) => {
      const id = (await companies())[stkUser];
      if (!id) throw new Error(`no company ${stkUser}`);
      return id;
    },
    addCompany: (stkUser, name) =>
      idOf("INSERT INTO customers (stk_user, name, realm) VALUES ($1, $2, 'fleet') RETURNING id", [
        stkUser,
        name,
      ]),
    addVehicle: (customerId, name) =>
      idOf(
        "INSERT INTO vehicles (customer_id, name, introduce_date) VALUES ($1, $2, '2026-01-01') RETURNING id",
        [customerId, name],
      ),
    grant: async (role, privileges) => {
      await database.query('UPDATE roles SET privileges = privileges || $2::text[] WHERE name = $1', [
        role,
        privileges,
      ]);
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * A harness (or a link harness) whose uploads are stored in a folder of the test file's own:
 * `fleetlens-<name>-…` in the system's temporary folder, given to `start` as DATA_DIR and removed
 * when the harness closes (also when it fails to start). Every test file that stores uploads wrote
 * this folder's making and removal itself; it is one rule here, so none leaves a folder behind.
 */
/** A harness of `storingIn`: its data directory is the test's to read. */
export type StoringHarness = Harness & { dataDir: string };

export async function storingIn<T extends { close(): Promise<void> }>(
  name: string,
  start: (env: { DATA_DIR: string }) => Promise<T>,
): Promise<T & { dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), `fleetlens-${name}-`));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  const started = await start({ DATA_DIR: dataDir }).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  const close = started.close;
  return Object.assign(started, {
    dataDir,
    close: async () => {
      try {
        await close();
      } finally {
        await remove();
      }
    },
  });
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const base64url = (b: Buffer) => b.toString('base64url');

function pathOf(location: string): string {
  const url = new URL(location, PUBLIC_URL);
  return `${url.pathname}${url.search}`;
}

export interface SignInStep {
  /** The sign-in page as the browser showed it, before the form was posted. */
  formPage: string;
  /** The sign-in page's answer to the posted form. */
  loginPage: LightMyRequestResponse;
  tokens?: { access_token: string; id_token: string; refresh_token?: string; expires_in: number };
  /** The browser's cookies at the realm after the flow (its session). */
  cookies: string;
}

/**
 * The registry tests' two tenants: the Fleet manager role given `privileges`, the demo company
 * harbor with the named `vehicles` (key: name), and a company of the test's own, quayside, with
 * one vehicle (otherVehicle). Answers the ids: harbor, other, otherVehicle and each vehicle's key.
 */
export async function twoTenants(
  h: Harness,
  privileges: string[],
  vehicles: Record<string, string>,
): Promise<Record<string, string>> {
  await h.grant('Fleet manager', privileges);
  const harbor = await h.companyId('harbor');
  const ids: Record<string, string> = { harbor, other: await h.addCompany('quayside', 'Quayside Ltd') };
  for (const [key, name] of Object.entries(vehicles)) ids[key] = await h.addVehicle(harbor, name);
  ids.otherVehicle = await h.addVehicle(ids.other as string, 'Quay crane');
  return ids;
}

/**
 * Runs the code + PKCE flow; stops at the sign-in page's answer when the password is refused.
 * `authorize` adds to (or replaces) the console's authorization parameters (prompt, scope...).
 */
export async function signInAs(
  app: FastifyInstance,
  username: string,
  password = TEST_PASSWORD,
  headers: Record<string, string> = {},
  authorize: Record<string, string> = {},
): Promise<SignInStep> {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const state = base64url(randomBytes(8));
  const redirectUri = `${PUBLIC_URL}/`;
  const query = new URLSearchParams({
    client_id: 'fleetlens-console',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    ...authorize,
  });
  let response = await app.inject({
    url: `/auth/realms/fleet/protocol/openid-connect/auth?${query}`,
    headers,
  });
  jar.store(response);
  if (response.statusCode !== 303 && response.statusCode !== 302)
    throw new Error(`authorize answered ${response.statusCode}: ${response.body}`);
  const loginPath = pathOf(String(response.headers.location));
  response = await app.inject({ url: loginPath, headers: { ...headers, cookie: jar.header() } });
  jar.store(response);
  const formPage = response.body;
  const action = /action="([^"]+)"/.exec(formPage)?.[1]?.replaceAll('&amp;', '&');
  if (!action) throw new Error(`no sign-in form: ${response.body}`);
  const loginPage = await app.inject({
    method: 'POST',
    url: action,
    headers: { ...headers, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  jar.store(loginPage);
  if (loginPage.statusCode !== 303 && loginPage.statusCode !== 302)
    return { formPage, loginPage, cookies: jar.header() };
  // Follow the redirects back through the authorization endpoint to the console with ?code=.
  let location = String(loginPage.headers.location);
  for (let hops = 0; hops < 5 && !location.startsWith(redirectUri); hops += 1) {
    response = await app.inject({ url: pathOf(location), headers: { ...headers, cookie: jar.header() } });
    jar.store(response);
    location = String(response.headers.location ?? '');
  }
  const back = new URL(location);
  const code = back.searchParams.get('code');
  if (!code || back.searchParams.get('state') !== state) throw new Error(`no code in ${location}`);
  const token = await exchangeCode(app, code, verifier);
  if (token.statusCode !== 200) throw new Error(`token answered ${token.statusCode}: ${token.body}`);
  return { formPage, loginPage, tokens: token.json(), cookies: jar.header() };
}

/** A form posted to the realm's token endpoint, as the console's OIDC client posts it. */
export const tokenCall = (app: FastifyInstance, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/auth/realms/fleet/protocol/openid-connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: 'fleetlens-console', ...form }).toString(),
  });

/** The last step of the code + PKCE flow: the code the console got back, for its tokens. */
export const exchangeCode = (app: FastifyInstance, code: string, verifier: string) =>
  tokenCall(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: `${PUBLIC_URL}/`,
    code_verifier: verifier,
  });

/** New tokens for a refresh token, as the console's silent renew asks for them. */
export const refreshTokens = (app: FastifyInstance, refreshToken: string) =>
  tokenCall(app, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** The access token of a demo account (throws when the sign-in is refused). */
export async function tokenOf(app: FastifyInstance, username: string): Promise<string> {
  const step = await signInAs(app, username);
  if (!step.tokens) throw new Error(`sign-in of ${username} refused: ${step.loginPage.statusCode}`);
  return step.tokens.access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
