// Tenant isolation, generated from the OpenAPI document: every route and verb is called by a
// manager of customer A — holding every privilege, so only tenancy can stop them — against the
// objects of customer B, an unrelated company. Nothing of B may be read, changed or created.
// Each module says how its routes are walked in testing/walks/<module>.isolation.ts; a route no
// walk declares fails the test, so every new route must say how it is walked.
import { ALL_PRIVILEGES } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../testing/harness.ts';
import { loadWalks, seedOtherCompany } from '../testing/otherCompany.ts';
import type { IsolationWalk, ObjectsOfB } from '../testing/walks.ts';

const walks = await loadWalks();
const all = <T>(pick: (w: IsolationWalk) => T[] | undefined): T[] => walks.flatMap(([, w]) => pick(w) ?? []);
// A list's export (`GET <list>/export`) is walked as its list is: not tenant-owned, or open to
// every user, when the list is.
const withExports = (routes: string[]) =>
  routes.flatMap((route) => (route.startsWith('GET ') ? [route, `${route}/export`] : [route]));
const NOT_TENANT_OWNED = new Set(withExports(all((w) => w.notTenantOwned)));
const OPEN_TO_EVERY_USER = new Set(withExports(all((w) => w.openToEveryUser)));
const OBJECT_OF_PATH = all((w) => w.objects);
const OBJECT_OF_PARAM: Record<string, string> = Object.assign({}, ...walks.map(([, w]) => w.params ?? {}));

let h: Harness;
let tokenA = '';
const b: ObjectsOfB = {};

const bodies = (): Record<string, object> => Object.assign({}, ...walks.map(([, w]) => w.bodies?.(b) ?? {}));

/** The concrete URL of a route template, with B's objects in its parameters. */
function urlOf(route: string, template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, param: string) => {
    const kind =
      param === 'id'
        ? OBJECT_OF_PATH.find(([pattern]) => pattern.test(template))?.[1]
        : OBJECT_OF_PARAM[param];
    expect(kind, `${route}: which of B's objects does {${param}} name?`).toBeDefined();
    const value = b[kind ?? ''];
    expect(value, `${route}: no object of kind ${kind} was seeded for B`).toBeDefined();
    return encodeURIComponent(value ?? '');
  });
}

async function snapshotOfB(): Promise<string> {
  const parts: Record<string, unknown> = {};
  for (const [module, w] of walks) if (w.snapshot) parts[module] = await w.snapshot(h.database.query, b);
  return JSON.stringify(parts);
}

beforeAll(async () => {
  h = await startHarness();
  // The timed jobs do their work on B's objects too (an event's mail marked sent): a change the
  // walk's snapshot would count against A's calls. They stay paused for the walk.
  await h.jobs.pauseAll();
  // A: Harbor Logistics' manager, with every privilege.
  await h.database.query('UPDATE roles SET privileges = $1 WHERE name = $2', [
    [...ALL_PRIVILEGES],
    'Fleet manager',
  ]);
  // B: an unrelated company with its own role, user and every module's objects, signed in from a
  // browser of its own.
  Object.assign(b, await seedOtherCompany(h.database, walks));
  const tokenB = await tokenOf(h.app, 'otherboss');
  await h.app.inject({
    method: 'POST',
    url: '/api/v1/users/session-check',
    headers: bearer(tokenB),
    payload: { device_id: 'other-browser-001' },
  });
  tokenA = await tokenOf(h.app, 'manager');
});
afterAll(async () => h?.close());

/** Every route and verb of the API document: "GET /api/v1/x", its path template and its verb. */
async function documentedRoutes() {
  const doc = (await h.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([template, operations]) =>
    Object.keys(operations).map((method) => ({
      template,
      method,
      route: `${method.toUpperCase()} ${template}`,
    })),
  );
}

describe('tenant isolation over every route of the OpenAPI document', () => {
  it('lets a user of customer A read, change or create nothing of customer B', async () => {
    const routes = await documentedRoutes();
    const before = await snapshotOfB();
    // B's ids and names: seed values distinctive enough that no answer holds them by chance.
    const markers = [...Object.values(b), ...all((w) => w.markers?.(b))].filter((m) => !!m);
    const samples = bodies();
    const walked: string[] = [];
    const leaks: string[] = [];

    for (const { template, method, route } of routes) {
      if (NOT_TENANT_OWNED.has(route)) continue;
      const url = urlOf(route, template);
      const payload = samples[route];
      if ((method === 'post' || method === 'put') && !payload)
        throw new Error(`${route}: add a valid sample body`);
      const res = await h.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: bearer(tokenA),
        payload,
      });
      walked.push(route);
      const answer = res.body;
      if (res.statusCode < 300 && markers.some((m) => answer.includes(m)))
        leaks.push(`${route} answered B's data`);
      if (template.includes('{') && ![403, 404].includes(res.statusCode))
        leaks.push(`${route} answered ${res.statusCode} for B's object`);
      if (!template.includes('{') && method !== 'get' && res.statusCode < 400)
        leaks.push(`${route} accepted an object of B (${res.statusCode})`);
    }
    console.log(`isolation: walked ${walked.length} routes and verbs, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(10);
    expect(await snapshotOfB()).toBe(before);
  });
});

describe('privileges over every route of the OpenAPI document', () => {
  it('refuses every guarded call to a user who holds no privilege, before reading its input', async () => {
    const routes = await documentedRoutes();
    const operator = await tokenOf(h.app, 'operator');
    const samples = bodies();
    const walked: string[] = [];
    const wrong: string[] = [];
    for (const { template, method, route } of routes) {
      if (NOT_TENANT_OWNED.has(route) || OPEN_TO_EVERY_USER.has(route)) continue;
      const url = template.replace(/\{\w+\}/g, b.customer ?? '');
      const res = await h.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: bearer(operator),
        payload: samples[route],
      });
      walked.push(route);
      if (res.statusCode !== 403) wrong.push(`${route} answered ${res.statusCode}`);
      // Not even an invalid body gets past the guard to be validated.
      if (method === 'post' || method === 'put') {
        const junk = await h.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          headers: bearer(operator),
          payload: { junk: 1 },
        });
        if (junk.statusCode !== 403) wrong.push(`${route} validated a stranger's body (${junk.statusCode})`);
      }
    }
    console.log(`privileges: walked ${walked.length} routes and verbs, ${wrong.length} wrong answers`);
    expect(wrong).toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(10);
  });
});
