// Operator groups in the database, always within the caller's scope: a company's named records
// (platform/namedRecords.repository.ts) counting their operators; a group's detail also lists them.
import type { OperatorGroup, OperatorGroupDetail, operatorGroupUpdateSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { namedRecords } from '../../platform/namedRecords.repository.ts';

type GroupFields = z.output<typeof operatorGroupUpdateSchema>;

const groups = namedRecords<OperatorGroup>('operator_groups', 'member_count', ['operators', 'group_id']);
export const listGroups = groups.list;

export async function findGroup(
  database: Queryable,
  scope: Scoped,
  id: string,
): Promise<OperatorGroupDetail | undefined> {
  const group = await groups.find(database, scope, id);
  if (!group) return undefined;
  const members = await database.query<{ id: string; operator_code: string; name: string }>(
    `SELECT id, operator_code, first_name || ' ' || last_name AS name FROM operators
      WHERE group_id = $1 ORDER BY operator_code`,
    [id],
  );
  return { ...group, members };
}

export const insertGroup = (database: Queryable, customerId: string, body: GroupFields) =>
  groups.insert(database, { customer_id: customerId, ...body });

/** Renames a group of the caller's scope. */
export const updateGroup = groups.update;

/** Deletes the group unless operators or cards are in it, on a transaction: answers what kept it, or null. */
export async function deleteGroup(tx: Queryable, id: string): Promise<'members' | 'cards' | null> {
  await tx.query('SELECT id FROM operator_groups WHERE id = $1 FOR UPDATE', [id]);
  const [use] = await tx.query<{ members: number; cards: number }>(
    `SELECT (SELECT count(*)::int FROM operators WHERE group_id = $1) AS members,
            (SELECT count(*)::int FROM rfids WHERE group_id = $1) AS cards`,
    [id],
  );
  if ((use?.members ?? 0) > 0) return 'members';
  if ((use?.cards ?? 0) > 0) return 'cards';
  await tx.query('DELETE FROM operator_groups WHERE id = $1', [id]);
  return null;
}
