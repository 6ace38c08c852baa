// How the generated access tests (platform/isolation.test.ts) walk a module's routes. Each module
// that adds routes declares its walk in `testing/walks/<module>.isolation.ts`, exporting `walk`;
// the test finds them all, so a new module never edits the shared test and a route nobody
// declared fails it.
import { API_BASE_PATH, type ResourceDescription } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../db/client.ts';

/** B's objects by kind (customer, role, user, notice, vehicle...): their ids or keys. */
export type ObjectsOfB = Record<string, string>;

export interface WalkContext {
  query: DatabaseHandle['query'];
  /** Runs an INSERT ... RETURNING id and answers the id. */
  insert(text: string, params?: unknown[]): Promise<string>;
  b: ObjectsOfB;
}

export interface IsolationWalk {
  /** Routes ("GET /api/v1/x") whose objects no customer owns, or that act only on the caller. */
  notTenantOwned?: string[];
  /** Routes every signed-in user may call (each checks its own rule inside). */
  openToEveryUser?: string[];
  /** Which kind of B's object a path's `{id}` names, by the path's pattern. */
  objects?: [RegExp, string][];
  /** Which kind of B's object another path parameter names (`deviceId` → 'device'). */
  params?: Record<string, string>;
  /** Creates B's objects of this module. The core ones (customer, role, user) exist already. */
  seed?(context: WalkContext): Promise<void>;
  /** Valid sample bodies, so that a refusal comes from tenancy and not from validation. */
  bodies?(b: ObjectsOfB): Record<string, object>;
  /** Texts that appear in an answer only if B's data leaked. */
  markers?(b: ObjectsOfB): string[];
  /** B's rows of this module, and anything an attack could have created, to compare before and after. */
  snapshot?(query: DatabaseHandle['query'], b: ObjectsOfB): Promise<unknown>;
}

/** A subquery for a snapshot: B's rows of `table` (B's customer is $1) as one JSON array. */
export const rowsOfB = (table: string) =>
  `(SELECT json_agg(t ORDER BY t.id) FROM ${table} t WHERE t.customer_id = $1)`;

/**
 * The usual snapshot of a module whose rows have a name: B's rows of `table`, and the rows anyone
 * named as the walk's sample bodies do ('Sneaky …' when created, 'Taken over …' when renamed).
 */
export const rowsOfBAndSneaky =
  (table: string): NonNullable<IsolationWalk['snapshot']> =>
  (query, b) =>
    query(
      `SELECT ${rowsOfB(table)} AS b,
              (SELECT count(*) FROM ${table} WHERE name LIKE 'Sneaky%' OR name LIKE 'Taken over%') AS created`,
      [b.customer],
    );

/**
 * The routes of a described resource as the OpenAPI document names them: `one`
 * ('GET /api/v1/x/{id}'), `create` ('POST /api/v1/x'), `update` ('PUT /api/v1/x/{id}'), and `objects`, the pattern of its record's
 * `{id}` paired with the kind of B's object it names.
 */
export function resourceRoutes(resource: ResourceDescription, kind: string) {
  const path = `${API_BASE_PATH}${resource.path}`;
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return {
    /** The collection's address, and a record's (for walks that call a route themselves). */
    url: path,
    urlOf: (id: string) => `${path}/${encodeURIComponent(id)}`,
    one: `GET ${path}/{id}`,
    create: `POST ${path}`,
    update: `PUT ${path}/{id}`,
    objects: [[new RegExp(`^${escaped}/\\{id\\}`), kind]] as [RegExp, string][],
  };
}

/**
 * The walk of a customer's named catalogue (vendors, vehicle groups): B's one row named `name` is
 * b[`kind`]; the sample bodies name a `noun` 'Sneaky …' or 'Taken over …'.
 */
export const catalogueWalk = (
  resource: ResourceDescription,
  table: string,
  kind: string,
  name: string,
  noun: string,
): IsolationWalk => ({
  objects: resourceRoutes(resource, kind).objects,
  seed: async ({ insert, b }) => {
    b[kind] = await insert(
      `INSERT INTO ${table} (customer_id, name, description) VALUES ($1, $2, $3) RETURNING id`,
      [b.customer, name, `B ${noun}`],
    );
  },
  bodies: (b) => ({
    [resourceRoutes(resource, kind).create]: { customer_id: b.customer, name: `Sneaky ${noun}` },
    [resourceRoutes(resource, kind).update]: { name: `Taken over ${noun}` },
  }),
  markers: () => [name],
  snapshot: rowsOfBAndSneaky(table),
});
