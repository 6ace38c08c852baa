// The writes of one kind of customer-owned record, as every service of the registry makes them:
// each in its own transaction with its audit entry (platform/audit.ts), a unique violation it
// knows answered 409 on its field, a record the write did not find answered 404, and a delete that
// other rows still need answered 409 with the record's own message. A service says only its rules
// and which repository call writes:
//
//   const groupWrites = recordWrites(vehicleGroupResource); // its entity, table and unique constraints
//   const writes = groupWrites(database);      // in the service
//   const id = await writes.create(access, (tx) => insertVehicleGroup(tx, body));
import {
  type AuditAction,
  type AuditEntity,
  isAuditEntity,
  type ResourceDescription,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import type { Scoped } from './access.ts';
import type { AuditedWrite } from './audit.ts';
import { audited, auditTrail } from './audit.ts';
import type { Principal } from './auth.ts';
import { ApiError, found, uniqueOn } from './errors.ts';
import { pageOf } from './lists.ts';

type Unique = Parameters<typeof uniqueOn>[0];
type Caller = { principal: Pick<Principal, 'userId' | 'username'> };
/** A write of one record; `false`: there was no such record (404). */
type Write = (tx: Queryable) => Promise<unknown>;

/**
 * Runs a delete; when rows of another table still point at the record (foreign key), answers 409
 * with `key` instead of failing.
 */
export async function deleteUnlessUsed<T>(key: string, remove: () => Promise<T>): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    // 23503: foreign key violation; 23001: RESTRICT violation.
    const code = (error as { code?: string } | undefined)?.code;
    if (code === '23503' || code === '23001') throw new ApiError('conflict', { messageKey: key });
    throw error;
  }
}

export type RecordWrites = ReturnType<ReturnType<typeof writesOf>>;

type WriteOptions = { extra?: AuditedWrite['extra']; customerColumn?: string | null };

/**
 * The audited writes of a described resource: its audit entity, its `table` and its `unique`
 * constraints as the description gives them. Or of an entity no description names (`entity`,
 * whose rows are in `table`; `unique` names its unique constraints).
 * The entry's customer is the row's customer_id (customers: `customerColumn: 'id'`; null: none, a
 * provider-wide record); `extra` adds more of the record than its row (platform/audit.ts).
 */
export function recordWrites(of: ResourceDescription, options?: WriteOptions): ReturnType<typeof writesOf>;
export function recordWrites(
  of: AuditEntity,
  table: string,
  unique?: Unique,
  options?: WriteOptions,
): ReturnType<typeof writesOf>;
export function recordWrites(
  of: AuditEntity | ResourceDescription,
  second?: string | WriteOptions,
  unique: Unique = {},
  options: WriteOptions = {},
) {
  if (typeof of === 'string') return writesOf(of, second as string, unique, options);
  if (!of.table) throw new Error(`${of.path} names no table`);
  return writesOf(of.audit ?? of.path, of.table, of.unique ?? {}, (second as WriteOptions | undefined) ?? {});
}

function writesOf(entity: string, table: string, unique: Unique, options: WriteOptions) {
  if (!isAuditEntity(entity)) throw new Error(`${entity} names no audit entity`);
  const trail = (actor: Caller['principal'], action: AuditAction, id?: string): AuditedWrite => ({
    ...auditTrail(entity, table, options.extra)(actor, action, id),
    customerColumn: options.customerColumn === null ? undefined : (options.customerColumn ?? 'customer_id'),
  });
  return (database: DatabaseHandle) => {
    const run = (change: AuditedWrite, write: (tx: Queryable) => Promise<string | undefined>) =>
      uniqueOn(unique, () => audited(database, change, write));
    /** Writes record `id`; not found (404) when the write answers false. */
    const change = async (caller: Caller, action: 'update' | 'delete', id: string, write: Write) =>
      found(
        await run(trail(caller.principal, action, id), async (tx) =>
          (await write(tx)) === false ? undefined : id,
        ),
      );
    return {
      /** The audit description, for a write on a transaction the service already holds (`auditedIn`). */
      trail,
      /** Creates a record; answers its id. */
      create: async (caller: Caller, write: (tx: Queryable) => Promise<string>) =>
        found(await run(trail(caller.principal, 'create'), write)),
      update: (caller: Caller, id: string, write: Write) => change(caller, 'update', id, write),
      /**
       * Deletes record `id`. The write may answer 'missing' (like false: 404) or 'held' (something
       * still points at it: 409 with `inUse`); with `inUse`, a foreign key that still points at it
       * answers the same.
       */
      remove: (caller: Caller, id: string, write: Write, inUse?: string) => {
        const removal = () =>
          change(caller, 'delete', id, async (tx) => {
            const answer = await write(tx);
            if (answer === 'held') throw new ApiError('conflict', inUse ? { messageKey: inUse } : {});
            return answer !== 'missing' && answer;
          });
        return inUse ? deleteUnlessUsed(inUse, removal) : removal();
      },
    };
  };
}

/**
 * A service's reads of one kind of record in the caller's scope, from its repository's `find`
 * and `list`: one record (404 when it is missing or not the caller's) and a page of the list.
 */
export function scopedReads<D, T, Q extends { page: number; perPage: number }, R>(
  database: D,
  find: (db: D, scope: Scoped, id: string) => Promise<T | undefined>,
  list: (db: D, scope: Scoped, query: Q) => Promise<{ list: R[]; total: number }>,
) {
  return {
    get: async (scope: Scoped, id: string): Promise<T> => found(await find(database, scope, id)),
    list: async (scope: Scoped, query: Q) => pageOf(query, await list(database, scope, query)),
  };
}
