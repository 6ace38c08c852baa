// Company B for the generated route tests (isolation, fuzz): an unrelated customer with a role, a
// manager of its own and every module's objects, seeded by the modules' isolation walks. The
// walks also name which of B's objects a path parameter takes and give valid sample bodies.
import { ALL_PRIVILEGES } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../db/client.ts';
import { hashPassword } from '../modules/identity/password.ts';
import { TEST_PASSWORD } from './harness.ts';
import { discoverWalks } from './walks/discover.ts';
import type { IsolationWalk, ObjectsOfB } from './walks.ts';

/** Every module's isolation walk, by module name, in a stable order. */
export const loadWalks = (): Promise<[string, IsolationWalk][]> => discoverWalks<IsolationWalk>('isolation');

/** Creates B (customer 'othercorp', role, manager 'otherboss') and each walk's objects of B. */
export async function seedOtherCompany(
  database: DatabaseHandle,
  walks: [string, IsolationWalk][],
): Promise<ObjectsOfB> {
  const query = database.query;
  const insert = async (text: string, params: unknown[] = []) =>
    (await query<{ id: string }>(text, params))[0]?.id ?? '';
  const b: ObjectsOfB = {};
  b.customer = await insert(
    "INSERT INTO customers (stk_user, name, realm, functions) VALUES ('othercorp', 'Other Corp', 'fleet', '{l-video}') RETURNING id",
  );
  b.role = await insert(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Other boss', $2) RETURNING id",
    [b.customer, [...ALL_PRIVILEGES]],
  );
  b.user = await insert(
    `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, is_manager, password_hash)
     VALUES ($1, $2, 'otherboss', 'boss@other.example', 'Otto', 'user', true, $3) RETURNING id`,
    [b.customer, b.role, await hashPassword(TEST_PASSWORD)],
  );
  for (const [, w] of walks) await w.seed?.({ query, insert, b });
  return b;
}
