// The request's access object (platform/access.ts accessFor): what a customer's user and provider
// staff see, and how a record of another tenant answers — like a missing one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../modules/demo/seed.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { accessFor, type RequestAccess } from './access.ts';
import type { Principal } from './auth.ts';

let database: TestDatabase;
let manager: RequestAccess;
let support: RequestAccess;
const companies: Record<string, string> = {};

const principal = (sysRole: Principal['sysRole'], customerId: string, roles: string[] = []): Principal => ({
  userId: '00000000-0000-4000-8000-000000000001',
  username: sysRole,
  customerId,
  sysRole,
  privileges: roles,
  functions: [],
  roles: [sysRole, ...roles],
  isManager: false,
  downloadRole: 'none',
  sessionState: undefined,
});
const keyOf = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    return (error as { key?: string }).key;
  }
  return 'passed';
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database, 'Demo#Pass2026');
  for (const row of await database.query<{ id: string; stk_user: string }>(
    'SELECT id, stk_user FROM customers',
  ))
    companies[row.stk_user] = row.id;
  manager = await accessFor(database, principal('user', companies.harbor ?? '', ['vehicle:view']));
  support = await accessFor(database, principal('support', companies.fleetlens ?? ''));
});
afterAll(async () => database?.drop());

describe('the access object', () => {
  it("gives a customer's user their company and its sub companies, staff every company", () => {
    expect(new Set(manager.customerIds)).toEqual(new Set([companies.harbor, companies['harbor-north']]));
    expect(manager.canSee(companies.fleetlens ?? '')).toBe(false);
    expect(support.customerIds).toBeNull();
    expect(support.isStaff && support.canSee(companies.harbor ?? '')).toBe(true);
  });

  it("answers another tenant's record like a missing one, or with the error asked for", () => {
    expect(keyOf(() => manager.mustSee(companies['harbor-north']))).toBe('passed');
    expect(keyOf(() => manager.mustSee(companies.fleetlens))).toBe('notFound');
    expect(keyOf(() => manager.mustSee(null))).toBe('notFound');
    expect(keyOf(() => manager.require({ roles: ['vehicle:view'] }, [companies.fleetlens]))).toBe('notFound');
    expect(keyOf(() => manager.require({ roles: ['vehicle:edit'] }, [companies.harbor]))).toBe('forbidden');
  });

  it('refuses a body naming a company out of scope, or none, on customer_id', async () => {
    await expect(manager.mustUseCustomer(companies.harbor ?? '')).resolves.toBeUndefined();
    for (const id of [companies.fleetlens ?? '', '00000000-0000-4000-8000-00000000dead'])
      await expect(manager.mustUseCustomer(id)).rejects.toMatchObject({
        key: 'validation',
        options: { fields: [{ field: 'customer_id', key: 'customerNotFound' }] },
      });
  });

  it('scopes a column in SQL with the visible customers as a parameter', async () => {
    const rows = await database.query<{ id: string }>(
      `SELECT id FROM customers WHERE ${manager.inScope('id', 1)} ORDER BY id`,
      [manager.customerIds],
    );
    expect(rows.map((r) => r.id)).toEqual([...(manager.customerIds ?? [])].sort());
  });
});
