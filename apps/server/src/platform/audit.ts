// The audit log of administrative changes. Every module that changes an administrative record
// (customers, roles, users, notices, and those that follow) records the change with recordAudit,
// on the same transaction as the change, so the change and its entry commit or roll back together:
//
//   await database.transaction(async (tx) => {
//     const before = await rowSnapshot(tx, 'roles', id);
//     await updateRole(tx, id, body);
//     await recordAudit(tx, { actor: me, customerId: before?.customer_id, entity: 'role', entityId: id,
//                             action: 'update', before, after: await rowSnapshot(tx, 'roles', id) });
//   });
//
// Most writes are one row of one table: `audited` does the above in one call (see its comment).
// Secrets never enter the log: rowSnapshot drops the columns in SECRET_COLUMNS.
import type { AuditAction } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import { insertAuditEntry, rowAsJson } from './audit.repository.ts';

export type Snapshot = Record<string, unknown>;

/** Columns that must never be copied into the log. */
const SECRET_COLUMNS = new Set([
  'password_hash',
  'password_sealed',
  'secret',
  'secret_sha256',
  'token',
  'api_key',
  'credentials',
]);
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

export interface AuditActor {
  userId: string;
  username: string;
}

/** What the server does by itself (a vehicle locked after an impact): no user, recorded as 'system'. */
export const SERVER_ACTOR = { userId: null, username: 'system' } as const;
type Actor = AuditActor | typeof SERVER_ACTOR;

export interface AuditChange {
  actor: Actor;
  /** The customer the record belongs to; null for provider-wide records (notices to everyone). */
  customerId?: string | null | undefined;
  /** A short lowercase name of the kind of record: 'customer', 'role', 'user', 'notification'… */
  entity: string;
  entityId: string;
  action: AuditAction;
  before?: Snapshot | null | undefined;
  after?: Snapshot | null | undefined;
}

/** The row `id` of `table` as JSON, without secret columns; null when there is none. */
export async function rowSnapshot(tx: Queryable, table: string, id: string): Promise<Snapshot | null> {
  if (!TABLE_NAME.test(table)) throw new Error(`not a table name: ${table}`);
  const row = await rowAsJson(tx, table, id);
  if (!row) return null;
  const json = typeof row === 'string' ? (JSON.parse(row) as Snapshot) : row;
  for (const column of Object.keys(json)) if (SECRET_COLUMNS.has(column)) delete json[column];
  return json;
}

/** Writes one entry of the audit log on `tx` (the change's own transaction). */
export async function recordAudit(tx: Queryable, change: AuditChange): Promise<void> {
  await insertAuditEntry(tx, [
    change.actor.userId,
    change.actor.username,
    change.customerId ?? null,
    change.entity,
    change.entityId,
    change.action,
    change.before ? JSON.stringify(change.before) : null,
    change.after ? JSON.stringify(change.after) : null,
  ]);
}

/** Equal but for the bookkeeping column every write touches. */
function same(a: Snapshot, b: Snapshot): boolean {
  const { updated_at: _a, ...restA } = a;
  const { updated_at: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

export interface AuditedWrite {
  actor: Actor;
  entity: string;
  /** The table whose row is the record (snapshotted before and after). */
  table: string;
  action: AuditAction;
  /** The record's id for update and delete (create learns it from the write). */
  id?: string | undefined;
  /** The row's column naming its customer ('customer_id'; 'id' for customers); none: provider-wide. */
  customerColumn?: string | undefined;
  /** More of the record than its row (a notice's destinations), merged into both snapshots. */
  extra?: ((tx: Queryable, id: string) => Promise<Snapshot>) | undefined;
}

/**
 * Runs `write` in a transaction and records it: the row before (update, delete) and after (create,
 * update). `write` answers the record's id, or undefined when there was nothing to change (then
 * nothing is recorded and undefined is answered). A write that throws records nothing.
 */
export function audited(
  database: DatabaseHandle,
  change: AuditedWrite,
  write: (tx: Queryable) => Promise<string | undefined>,
): Promise<string | undefined> {
  return database.transaction((tx) => auditedIn(tx, change, write));
}

/** `audited` on a transaction the caller already holds (a write that spans several records). */
export async function auditedIn(
  tx: Queryable,
  change: AuditedWrite,
  write: (tx: Queryable) => Promise<string | undefined>,
): Promise<string | undefined> {
  const snap = async (id: string) => {
    const row = await rowSnapshot(tx, change.table, id);
    return row && change.extra ? { ...row, ...(await change.extra(tx, id)) } : row;
  };
  const before = change.id ? await snap(change.id) : null;
  const id = await write(tx);
  if (!id) return undefined;
  const after = change.action === 'delete' ? null : await snap(id);
  // Saving a form unchanged is not a change: nothing to record.
  if (change.action === 'update' && before && after && same(before, after)) return id;
  const row = after ?? before;
  const customer = change.customerColumn ? row?.[change.customerColumn] : null;
  await recordAudit(tx, {
    actor: change.actor,
    customerId: typeof customer === 'string' ? customer : null,
    entity: change.entity,
    entityId: id,
    action: change.action,
    before,
    after,
  });
  return id;
}

/**
 * The audit description of one kind of customer-owned record, for the modules that record every
 * write of it: `const audit = auditTrail('vehicle', 'vehicles')`, then
 * `audited(database, audit(principal, 'update', id), write)`.
 */
export function auditTrail(
  entity: string,
  table: string,
  extra?: AuditedWrite['extra'],
): (actor: Actor, action: AuditAction, id?: string) => AuditedWrite {
  return (actor, action, id) => ({ actor, entity, table, action, id, customerColumn: 'customer_id', extra });
}
