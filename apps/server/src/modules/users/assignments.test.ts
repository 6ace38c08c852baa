// The grant rule as the user routes apply it: the cases the issue found (a user with user:edit
// giving themselves the strongest role, one with only user:add creating it), one's own profile,
// and the accounts one may not touch. The generated walk is platform/escalation.test.ts.
import { ALL_PRIVILEGES } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TEST_PASSWORD } from '../../testing/harness.ts';
import { hashPassword } from '../identity/password.ts';

let h: Harness;
const ids: Record<string, string> = {};

const one = async (sql: string, params: unknown[] = []) =>
  (await h.database.query<{ id: string }>(sql, params))[0]?.id ?? '';

beforeAll(async () => {
  h = await startHarness();
  ids.harbor = await h.companyId('harbor');
  ids.strongest = await one(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Owner', $2) RETURNING id",
    [ids.harbor, [...ALL_PRIVILEGES]],
  );
  ids.clerkRole = await one(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Clerk', '{user:view,user:add,user:edit}') RETURNING id",
    [ids.harbor],
  );
  ids.clerk = await one(
    `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, password_hash)
     VALUES ($1, $2, 'clerk', 'clerk@harbor.example', 'Cleo', 'user', $3) RETURNING id`,
    [ids.harbor, ids.clerkRole, await hashPassword(TEST_PASSWORD)],
  );
  ids.manager = await one("SELECT id FROM users WHERE username = 'manager'");
  ids.admin = await one("SELECT id FROM users WHERE username = 'admin'");
});
afterAll(async () => h?.close());

const person = { first_name: 'Cleo', last_name: 'Clerk', email: 'clerk@harbor.example' };
const accessOf = async (id: string) =>
  (
    await h.database.query<{ role_id: string | null; is_manager: boolean; download_role: string }>(
      'SELECT role_id, is_manager, download_role FROM users WHERE id = $1',
      [id],
    )
  )[0];

/** A user's personal fields, as the profile form sends them. */
const names = (first_name: string, last_name: string, email: string) => ({ first_name, last_name, email });

describe('no user grants more than they hold', () => {
  it('refuses a user with user:edit their own stronger role, flag and download role', async () => {
    for (const change of [{ role_id: ids.strongest }, { manager: true }, { download_role: 'request' }]) {
      const res = await h.as('clerk').put(`/users/${ids.clerk}`, { ...person, ...change });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'You cannot change your own company, role, system role, representative flag or download role.',
      );
    }
    expect(await accessOf(ids.clerk ?? '')).toEqual({
      role_id: ids.clerkRole,
      is_manager: false,
      download_role: 'none',
    });
  });

  it('lets anyone edit their own profile with the personal fields only', async () => {
    const res = await h.as('clerk').put(`/users/${ids.clerk}`, {
      ...person,
      first_name: 'Cleopatra',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_name: 'Cleopatra', role: { id: ids.clerkRole } });
    // The admin too keeps their own access.
    const admin = await h.as('admin').put(`/users/${ids.admin}`, {
      ...names('Ada', 'Admin', 'admin@demo.fleetlens.example'),
      sys_role: 'support',
    });
    expect(admin.status).toBe(403);
  });

  it('refuses creating an account with a role, flag or download role beyond the creator', async () => {
    const body = {
      username: 'deputy1',
      password: 'Deputy#2026x',
      first_name: 'De',
      last_name: 'Puty',
      email: 'deputy@harbor.example',
      customer_id: ids.harbor,
      sys_role: 'user',
    };
    const strong = await h.as('clerk').post('/users', { ...body, role_id: ids.strongest });
    expect(strong.status).toBe(403);
    expect(strong.body.data.fields[0]).toMatchObject({
      field: 'role_id',
      message: 'This role carries privileges you do not hold yourself; you cannot give it.',
    });
    expect((await h.as('clerk').post('/users', { ...body, manager: true })).status).toBe(403);
    expect((await h.as('clerk').post('/users', { ...body, download_role: 'download' })).status).toBe(403);
    // Within what the clerk holds, it works.
    const same = await h.as('clerk').post('/users', { ...body, role_id: ids.clerkRole });
    expect(same.status).toBe(201);
  });

  it('refuses changing or deleting someone who reaches more, and moving a user to another company', async () => {
    const takeOver = await h.as('clerk').put(`/users/${ids.manager}`, {
      ...names('Mina', 'Manager', 'mine@harbor.example'),
      password: 'Taken#Over2026',
    });
    expect(takeOver.status).toBe(403);
    expect(takeOver.body.message).toBe(
      'This user holds access you do not; you cannot change or delete them.',
    );
    const deputy = await one("SELECT id FROM users WHERE username = 'deputy1'");
    const north = await h.companyId('harbor-north');
    const moved = await h.as('manager').put(`/users/${deputy}`, {
      first_name: 'De',
      last_name: 'Puty',
      email: 'deputy@harbor.example',
      customer_id: north,
      role_id: null,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.data.fields[0]).toMatchObject({ field: 'customer_id' });
    // Support may not delete an admin; the manager, who holds all the deputy holds, removes them.
    expect((await h.as('support').delete(`/users/${ids.admin}`)).status).toBe(403);
    expect((await h.as('manager').delete(`/users/${deputy}`)).status).toBe(200);
  });
});
