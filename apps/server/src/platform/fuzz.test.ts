// No 5xx from bad input, generated from the OpenAPI document the way the isolation test is: every
// operation is called by an admin (a real token, so the guards let the input through) on company
// B's objects, with each malformed variant of its parameters and body (testing/malformed.ts) one
// at a time, the rest of the request valid (the walks' sample bodies). Then a few variants on the
// identity realm's endpoints. Any 5xx fails, an API answer outside the envelope fails, and
// /healthz must stay up throughout.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  PUBLIC_URL,
  type StoringHarness,
  startHarness,
  storingIn,
  tokenOf,
} from '../testing/harness.ts';
import { type Parameter, type Variant, variantsOf } from '../testing/malformed.ts';
import { loadWalks, seedOtherCompany } from '../testing/otherCompany.ts';
import type { ObjectsOfB } from '../testing/walks.ts';

const walks = await loadWalks();
const OBJECT_OF_PATH = walks.flatMap(([, w]) => w.objects ?? []);
const OBJECT_OF_PARAM: Record<string, string> = Object.assign({}, ...walks.map(([, w]) => w.params ?? {}));
const HEALTH_EVERY = 250;
const REALM = '/auth/realms/fleet';

let h: StoringHarness;
let token = '';
let b: ObjectsOfB = {};

beforeAll(async () => {
  // Uploads that pass are stored: in a folder of this test's own.
  h = await storingIn('input', startHarness);
  b = await seedOtherCompany(h.database, walks);
  token = await tokenOf(h.app, 'admin');
});
afterAll(async () => h?.close());

/** Sends requests and keeps what went wrong: 5xx, a non-envelope API error, /healthz down. */
class Walker {
  sent = 0;
  readonly wrong: string[] = [];
  private readonly app: FastifyInstance;
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async send(label: string, request: InjectOptions & { url: string }): Promise<void> {
    const res = await this.app.inject(request);
    this.sent += 1;
    const url = request.url;
    if (res.statusCode >= 500) this.wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    else if (url.startsWith('/api/') && res.statusCode >= 400) {
      const answer = safeJson(res.body);
      if (typeof answer?.message !== 'string' || typeof answer?.code !== 'number')
        this.wrong.push(`${label}: ${res.statusCode} outside the envelope: ${res.body.slice(0, 160)}`);
    }
    if (this.sent % HEALTH_EVERY === 0) await this.health(label);
  }

  async health(after: string): Promise<void> {
    const res = await this.app.inject('/healthz');
    if (res.statusCode !== 200) this.wrong.push(`/healthz answered ${res.statusCode} after ${after}`);
  }
}

function safeJson(text: string): { message?: unknown; code?: unknown } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A path parameter's valid value: B's object it names, else an id that exists nowhere. */
function validParam(template: string, param: string): string {
  const kind =
    param === 'id' ? OBJECT_OF_PATH.find(([pattern]) => pattern.test(template))?.[1] : OBJECT_OF_PARAM[param];
  return b[kind ?? ''] ?? randomUUID();
}

function urlOf(template: string, variant: Variant): string {
  const path = template.replace(/\{(\w+)\}/g, (_, param: string) =>
    param in (variant.path ?? {})
      ? (variant.path?.[param] ?? '')
      : encodeURIComponent(validParam(template, param)),
  );
  return variant.query === undefined ? path : `${path}?${variant.query}`;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, object> };
}

/** The document's operations, each with its path template, method and sample body. */
interface Walked {
  template: string;
  method: string;
  operation: Operation;
}

// A list's export (`GET <list>/export`) answers through the list's own handler with the list's
// own filters (platform/listExports.ts): its filters are walked on the list, and on one export in
// full; the other exports are walked with the parameters the export adds (format, columns,
// labels, time zone, file name, a signed link's fields). Forty exports of a dozen filters each
// would otherwise repeat the lists' walk, a minute of the suite.
const EXPORT_WALKED_IN_FULL = '/api/v1/vehicles/export';

function exportWalked(template: string, operation: Operation, list: Operation | undefined): Operation {
  if (!template.endsWith('/export') || !list || template === EXPORT_WALKED_IN_FULL) return operation;
  const listed = new Set((list.parameters ?? []).map((p) => `${p.in} ${p.name}`));
  return {
    ...operation,
    parameters: (operation.parameters ?? []).filter((p) => !listed.has(`${p.in} ${p.name}`)),
  };
}

// The operations are walked in shards, one test each, so that no single test holds the whole walk
// (20 to 50 s on two quiet cores; over eight minutes on two cores loaded by other runs, where one
// long test passed its time limit without anything being wrong).
const SHARDS = 16;

describe('bad input over every operation of the OpenAPI document', () => {
  let operations: Walked[] = [];
  let samples: Record<string, Record<string, unknown>> = {};
  beforeAll(async () => {
    const doc = (await h.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(doc.paths).flatMap(([template, verbs]) =>
      Object.entries(verbs).map(([method, operation]) => ({
        template,
        method,
        operation: exportWalked(template, operation, doc.paths[template.replace(/\/export$/, '')]?.get),
      })),
    );
    samples = Object.assign({}, ...walks.map(([, w]) => w.bodies?.(b) ?? {}));
  });

  it('walks at least a hundred operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(100);
  });

  it('walks one list export with all its filters, the others with the parameters the export adds', () => {
    const exports = operations.filter((o) => o.template.endsWith('/export'));
    expect(exports.length).toBeGreaterThan(10);
    const names = (o: Walked) => (o.operation.parameters ?? []).map((p) => p.name);
    const full = exports.find((o) => o.template === EXPORT_WALKED_IN_FULL);
    expect(full && names(full)).toEqual(
      expect.arrayContaining(['format', 'column', 'vehicle_type', 'state']),
    );
    for (const o of exports)
      expect(names(o), o.template).toEqual(expect.arrayContaining(['format', 'column']));
  });

  it.each(Array.from({ length: SHARDS }, (_, shard) => shard))(
    'answers every malformed variant with a 4xx envelope, never a 5xx (shard %i)',
    async (shard) => {
      const walker = new Walker(h.app);
      const started = Date.now();
      const mine = operations.filter((_, i) => i % SHARDS === shard);
      for (const { template, method, operation } of mine) {
        const route = `${method.toUpperCase()} ${template}`;
        for (const variant of variantsOf(operation as never, samples[route])) {
          await walker.send(`${route} [${variant.name}]`, {
            method: method.toUpperCase() as InjectOptions['method'],
            url: urlOf(template, variant),
            headers: {
              ...bearer(token),
              'accept-language': 'ja',
              ...(variant.contentType ? { 'content-type': variant.contentType } : {}),
            },
            ...(variant.payload === undefined ? {} : { payload: variant.payload }),
          });
        }
      }
      await walker.health(`shard ${shard}'s last operation`);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(
        `fuzz shard ${shard}: ${mine.length} operations, ${walker.sent} malformed variants in ${seconds} s, ${walker.wrong.length} wrong answers`,
      );
      expect(walker.wrong).toEqual([]);
      expect(walker.sent).toBeGreaterThan(0);
    },
    120_000,
  );

  it('answers malformed parameters of the identity realm with a 4xx, never a 5xx', async () => {
    const walker = new Walker(h.app);
    const bad = ['a%00b', '%07', '%7F', '%FF', '__proto__', 'x'.repeat(5000)];
    const authorize = {
      client_id: 'fleetlens-console',
      response_type: 'code',
      redirect_uri: `${PUBLIC_URL}/`,
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 'fuzz',
    };
    const start = await h.app.inject(
      `${REALM}/protocol/openid-connect/auth?${new URLSearchParams(authorize)}`,
    );
    const interaction = String(start.headers.location ?? '').split('/login-actions/')[1] ?? 'none';
    const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const forms: [string, Record<string, string>][] = [
      // The provider takes the authorization request as a form too.
      ['/protocol/openid-connect/auth', authorize],
      [
        '/protocol/openid-connect/token',
        {
          grant_type: 'authorization_code',
          code: 'x',
          code_verifier: 'x'.repeat(43),
          client_id: 'fleetlens-console',
          redirect_uri: `${PUBLIC_URL}/`,
        },
      ],
      [
        '/protocol/openid-connect/token',
        { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'fleetlens-console' },
      ],
      ['/protocol/openid-connect/revoke', { token: 'x', client_id: 'fleetlens-console' }],
      ['/protocol/openid-connect/token/introspect', { token: 'x', client_id: 'fleetlens-console' }],
      ['/protocol/openid-connect/logout', { id_token_hint: 'x', post_logout_redirect_uri: `${PUBLIC_URL}/` }],
      [`/login-actions/${interaction}`, { username: 'fuzzer', password: 'x' }],
    ];
    const encode = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
    for (const value of bad) {
      for (const name of Object.keys(authorize))
        await walker.send(`realm authorize ${name}=${value.slice(0, 8)}`, {
          url: `${REALM}/protocol/openid-connect/auth?${encode({ ...authorize, [name]: value })}`,
        });
      for (const path of [
        '/.well-known/openid-configuration',
        '/protocol/openid-connect/certs',
        '/protocol/openid-connect/userinfo',
      ])
        await walker.send(`realm ${path}?x=${value.slice(0, 8)}`, { url: `${REALM}${path}?x=${value}` });
      await walker.send(`realm login page uid=${value.slice(0, 8)}`, {
        url: `${REALM}/login-actions/${value}`,
      });
      await walker.send(`realm path ${value.slice(0, 8)}`, { url: `${REALM}/protocol/${value}/auth` });
      for (const [path, fields] of forms)
        for (const name of Object.keys(fields))
          await walker.send(`realm POST ${path} ${name}=${value.slice(0, 8)}`, {
            method: 'POST',
            url: `${REALM}${path}`,
            headers: { ...form, cookie },
            payload: encode({ ...fields, [name]: value }),
          });
    }
    await walker.health('the realm');
    console.log(`fuzz: ${walker.sent} malformed realm requests, ${walker.wrong.length} wrong answers`);
    expect(walker.wrong).toEqual([]);
  });
});
