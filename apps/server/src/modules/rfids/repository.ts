// RFID cards and their assignments in the database, within the caller's scope (platform/access.ts).
// An assignment is a dated row: assigning inserts one, removing closes it (assigned_till); the
// partial unique indexes keep one current operator per card and one current card per operator.
import type { ListQuery, Rfid, RfidHistoryRow, RfidStatus, rfidUpdateSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import {
  findInScope,
  insertRow,
  iso,
  type OwnedRow,
  owned,
  updateRow,
} from '../../platform/rows.repository.ts';

type RfidFields = z.output<typeof rfidUpdateSchema>;

const userName = (alias: string) =>
  `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`;

const SELECT = `
  SELECT r.*, c.name AS customer_name, g.name AS group_name, ${userName('u')} AS created_by_name,
         cur.operator_id AS op_id, coalesce(o.operator_code, cur.operator_code) AS op_code,
         coalesce(o.first_name || ' ' || o.last_name, cur.operator_name) AS op_name,
         last.assigned_from AS last_from, last.assigned_till AS last_till
    FROM rfids r
    JOIN customers c ON c.id = r.customer_id
    JOIN operator_groups g ON g.id = r.group_id AND g.customer_id = r.customer_id
    LEFT JOIN users u ON u.id = r.created_by
    LEFT JOIN rfid_assignments cur ON cur.rfid_id = r.id AND cur.customer_id = r.customer_id AND cur.assigned_till IS NULL
    LEFT JOIN operators o ON o.id = cur.operator_id AND o.customer_id = cur.customer_id
    LEFT JOIN LATERAL (SELECT h.assigned_from, h.assigned_till FROM rfid_assignments h
                        WHERE h.rfid_id = r.id ORDER BY h.assigned_from DESC, h.assigned_till DESC NULLS FIRST
                        LIMIT 1) last ON true`;

type Row = {
  id: string;
  rfid: string;
  owner: string;
  kitting_id: string;
  group_id: string;
  group_name: string;
  created_by_name: string | null;
  op_id: string | null;
  op_code: string | null;
  op_name: string | null;
  last_from: Date | string | null;
  last_till: Date | string | null;
} & OwnedRow;

function toRfid(row: Row): Rfid {
  const assigned = row.op_code !== null;
  return {
    id: row.id,
    rfid: row.rfid,
    owner: row.owner,
    kitting_id: row.kitting_id,
    group: { id: row.group_id, name: row.group_name },
    created_by: row.created_by_name,
    status: assigned ? 'operator_assigned' : 'not_assigned',
    operator:
      assigned && row.op_id
        ? { id: row.op_id, operator_code: row.op_code ?? '', name: row.op_name ?? '' }
        : null,
    assigned_from: iso(row.last_from),
    assigned_till: assigned ? null : iso(row.last_till),
    ...owned(row),
  };
}

const ORDER: Ordering = {
  alias: 'r',
  plain: ['rfid', 'updated_at'],
  text: ['owner'],
  by: { group: 'lower(g.name)', status: '(cur.id IS NULL)', assigned_from: 'last.assigned_from' },
  fallback: 'rfid',
  nullsLast: true,
};

export async function listRfids(
  database: DatabaseHandle,
  scope: Scoped,
  query: ListQuery & { customer_id?: string | undefined; status?: RfidStatus | undefined },
): Promise<{ list: Rfid[]; total: number }> {
  const where = `WHERE ${scope.inScope('r.customer_id', 1)}
      AND ($2::text IS NULL OR lower(r.rfid) LIKE $2 OR lower(r.owner) LIKE $2 OR lower(r.kitting_id) LIKE $2
           OR lower(cur.operator_code) LIKE $2 OR lower(cur.operator_name) LIKE $2)
      AND ($3::uuid IS NULL OR r.customer_id = $3)
      AND ($4::text IS NULL OR ($4 = 'operator_assigned') = (cur.id IS NOT NULL))`;
  const params = [
    scope.customerIds,
    likePattern(query.filter),
    query.customer_id ?? null,
    query.status ?? null,
  ];
  const sql = {
    select: SELECT,
    count: `FROM rfids r
       LEFT JOIN rfid_assignments cur ON cur.rfid_id = r.id AND cur.customer_id = r.customer_id AND cur.assigned_till IS NULL`,
    where,
    order: ORDER,
  };
  return pageRows(database, sql, params, query, toRfid);
}

export const findRfid = (db: Queryable, scope: Scoped, id: string) =>
  findInScope(db, scope, SELECT, { id: 'r.id', customer: 'r.customer_id' }, id, toRfid);

const WRITTEN = ['rfid', 'owner', 'group_id', 'kitting_id'] as const;

export const insertRfid = (database: Queryable, customerId: string, createdBy: string, body: RfidFields) =>
  insertRow(database, 'rfids', { customer_id: customerId, created_by: createdBy }, body, WRITTEN);

export const updateRfid = (database: Queryable, id: string, body: RfidFields) =>
  updateRow(database, 'rfids', { id }, body, WRITTEN);

/** Deletes a card that no operator holds (with its history), on a transaction; false when one does. */
export async function deleteRfid(tx: Queryable, id: string): Promise<boolean> {
  await tx.query('SELECT id FROM rfids WHERE id = $1 FOR UPDATE', [id]);
  const current = await tx.query(
    'SELECT 1 FROM rfid_assignments WHERE rfid_id = $1 AND assigned_till IS NULL',
    [id],
  );
  if (current.length > 0) return false;
  await tx.query('DELETE FROM rfids WHERE id = $1', [id]);
  return true;
}

export type AssignOutcome = 'assigned' | 'operatorNotOfCompany' | 'rfidAlreadyAssigned' | 'operatorHasRfid';

/** Gives the card to an operator of its company, if neither holds another assignment now. */
export async function assignRfid(
  tx: Queryable,
  card: { id: string; customerId: string },
  operatorId: string,
  by: string,
): Promise<AssignOutcome> {
  // Run on a transaction: the locks hold until it ends.
  await tx.query('SELECT id FROM rfids WHERE id = $1 FOR UPDATE', [card.id]);
  const [operator] = await tx.query<{ operator_code: string; name: string }>(
    `SELECT operator_code, first_name || ' ' || last_name AS name FROM operators
      WHERE id = $1 AND customer_id = $2 FOR UPDATE`,
    [operatorId, card.customerId],
  );
  if (!operator) return 'operatorNotOfCompany';
  const busy = await tx.query<{ rfid_id: string }>(
    `SELECT rfid_id FROM rfid_assignments
      WHERE (rfid_id = $1 OR operator_id = $2) AND assigned_till IS NULL`,
    [card.id, operatorId],
  );
  if (busy.some((b) => b.rfid_id === card.id)) return 'rfidAlreadyAssigned';
  if (busy.length > 0) return 'operatorHasRfid';
  await tx.query(
    `INSERT INTO rfid_assignments (customer_id, rfid_id, operator_id, operator_code, operator_name, assigned_by)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [card.customerId, card.id, operatorId, operator.operator_code, operator.name, by],
  );
  return 'assigned';
}

/** Ends the card's current assignment; false when it had none. */
export async function removeRfidAssignment(
  database: Queryable,
  rfidId: string,
  by: string,
): Promise<boolean> {
  const rows = await database.query(
    `UPDATE rfid_assignments SET assigned_till = greatest(now(), assigned_from), removed_by = $2
      WHERE rfid_id = $1 AND assigned_till IS NULL RETURNING id`,
    [rfidId, by],
  );
  return rows.length > 0;
}

export async function rfidHistory(database: DatabaseHandle, rfidId: string): Promise<RfidHistoryRow[]> {
  const rows = await database.query<
    Omit<RfidHistoryRow, 'assigned_from' | 'assigned_till'> & {
      assigned_from: Date | string;
      assigned_till: Date | string | null;
    }
  >(
    `SELECT h.id, h.operator_id, h.operator_code, h.operator_name, h.assigned_from, h.assigned_till,
            ${userName('a')} AS assigned_by, ${userName('d')} AS removed_by
       FROM rfid_assignments h
       LEFT JOIN users a ON a.id = h.assigned_by
       LEFT JOIN users d ON d.id = h.removed_by
      WHERE h.rfid_id = $1
      ORDER BY h.assigned_from DESC, h.assigned_till DESC NULLS FIRST`,
    [rfidId],
  );
  return rows.map((r) => ({
    ...r,
    assigned_from: iso(r.assigned_from) ?? '',
    assigned_till: iso(r.assigned_till),
  }));
}

/** The card's current operator, if it has one (for the audit log). */
export async function currentOperatorOf(db: Queryable, rfidId: string): Promise<string | null> {
  const [row] = await db.query<{ operator_id: string }>(
    'SELECT operator_id FROM rfid_assignments WHERE rfid_id = $1 AND assigned_till IS NULL',
    [rfidId],
  );
  return row?.operator_id ?? null;
}
