// The rows that carry access (users, roles, companies, service accounts) as the escalation test reads them: a
// snapshot, what changed between two, and putting the first back. Timestamps and sign-in
// counters are left out: they change without anyone granting anything.
import type { DownloadRole, SysRole } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../db/client.ts';

type Query = DatabaseHandle['query'];

/** A user's access as the grant rule speaks of it, in a company. */
export interface Access {
  sysRole: SysRole;
  privileges: string[];
  manager: boolean;
  downloadRole: DownloadRole;
  customerId: string;
}

export type Row = Record<string, unknown> & { id: string };
export interface State {
  users: Map<string, Row>;
  roles: Map<string, Row>;
  customers: Map<string, Row>;
  serviceAccounts: Map<string, Row>;
}
const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id, r]));

// The probe accounts and their roles are the test's instrument, not its subject.
const ROWS = {
  users: `SELECT to_jsonb(u) - 'updated_at' - 'last_login_at' - 'opened_notification_at'
                 - 'failed_login_count' - 'locked_until' AS row FROM users u WHERE username NOT LIKE 'probe%'`,
  roles: `SELECT to_jsonb(r) - 'updated_at' AS row FROM roles r WHERE name <> 'Probe'`,
  customers: `SELECT to_jsonb(c) - 'updated_at' AS row FROM customers c`,
  serviceAccounts: `SELECT to_jsonb(s) - 'updated_at' AS row FROM service_accounts s`,
};

export async function stateNow(query: Query): Promise<State> {
  const rows = (sql: string) => query<{ row: Row }>(sql).then((r) => r.map((x) => x.row));
  return {
    users: byId(await rows(ROWS.users)),
    roles: byId(await rows(ROWS.roles)),
    customers: byId(await rows(ROWS.customers)),
    serviceAccounts: byId(await rows(ROWS.serviceAccounts)),
  };
}

/** One short text that changes whenever the state does: most attempts change nothing. */
export async function fingerprint(query: Query): Promise<string> {
  const part = (sql: string) =>
    `(SELECT coalesce(string_agg(row::text, ',' ORDER BY row->>'id'), '') FROM (${sql}) s)`;
  const [row] = await query<{ f: string }>(
    `SELECT md5(${part(ROWS.users)} || ${part(ROWS.roles)} || ${part(ROWS.customers)} || ${part(ROWS.serviceAccounts)}) AS f`,
  );
  return row?.f ?? '';
}

export const changed = (before: Map<string, Row>, after: Map<string, Row>) =>
  [...after.values()].filter((row) => JSON.stringify(row) !== JSON.stringify(before.get(row.id)));

export function accessOfUser(user: Row, roles: Map<string, Row>): Access {
  const role = user.role_id ? roles.get(String(user.role_id)) : undefined;
  return {
    sysRole: user.sys_role as SysRole,
    privileges: (role?.privileges as string[] | undefined) ?? [],
    manager: Boolean(user.is_manager),
    downloadRole: user.download_role as DownloadRole,
    customerId: String(user.customer_id),
  };
}

/** Puts every changed row back as it was, and removes what was created. */
export async function restore(query: Query, before: State, after: State): Promise<void> {
  const put = async (table: string, row: Row) => {
    const columns = Object.keys(row).filter((c) => c !== 'id');
    await query(
      `UPDATE ${table} t SET ${columns.map((c) => `${c} = r.${c}`).join(', ')}
         FROM jsonb_populate_record(NULL::${table}, $1::jsonb) r WHERE t.id = r.id`,
      [JSON.stringify(row)],
    );
  };
  const created = (table: keyof State) => [...after[table].keys()].filter((id) => !before[table].has(id));
  for (const row of changed(before.customers, after.customers))
    if (before.customers.has(row.id)) {
      await put('customers', before.customers.get(row.id) as Row);
    }
  for (const row of changed(before.users, after.users))
    if (before.users.has(row.id)) await put('users', before.users.get(row.id) as Row);
  await query('DELETE FROM users WHERE id = ANY($1)', [created('users')]);
  for (const row of changed(before.roles, after.roles))
    if (before.roles.has(row.id)) await put('roles', before.roles.get(row.id) as Row);
  await query('DELETE FROM roles WHERE id = ANY($1)', [created('roles')]);
  // Service accounts are only created (and revoked), never edited: what was created goes.
  await query('DELETE FROM service_accounts WHERE id = ANY($1)', [created('serviceAccounts')]);
  await query('DELETE FROM customers WHERE id = ANY($1)', [created('customers')]);
}
