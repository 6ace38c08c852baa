// Maintenance master items and plans in the database, within the caller's scope
// (platform/access.ts `Scoped`).
import type {
  Maintenance,
  MaintenanceItem,
  MaintenanceListQuery,
  maintenanceUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import { namedRecords } from '../../platform/namedRecords.repository.ts';
import {
  columnsOf,
  deleteUnlessHeld,
  findInScope,
  insertRow,
  type OwnedRow,
  owned,
  updateRow,
} from '../../platform/rows.repository.ts';

export const items = namedRecords<MaintenanceItem>('maintenance_items', 'plan_count', [
  'maintenances',
  'item_id',
]);

/** Whether an item's plans have recorded executions (its name is in their history: 400008). */
export async function itemHasHistory(db: Queryable, scope: Scoped, id: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM maintenance_executions e JOIN maintenances m ON m.id = e.maintenance_id AND m.customer_id = e.customer_id
      WHERE m.item_id = $2 AND ${scope.inScope('m.customer_id', 1)} LIMIT 1`,
    [scope.customerIds, id],
  );
  return rows.length > 0;
}

/** Deletes an item that no plan uses: 'held' when one does (400009). */
export const deleteItem = (db: Queryable, scope: Scoped, id: string) =>
  deleteUnlessHeld(
    db,
    scope,
    'maintenance_items',
    id,
    'EXISTS (SELECT 1 FROM maintenances m WHERE m.item_id = t.id AND m.customer_id = t.customer_id)',
  );

type PlanFields = z.output<typeof maintenanceUpdateSchema>;

const SELECT = `
  SELECT m.*, c.name AS customer_name, i.name AS item_name,
         (SELECT count(*) FROM maintenance_vehicles v
           WHERE v.maintenance_id = m.id AND v.customer_id = m.customer_id)::int AS vehicle_count
    FROM maintenances m
    JOIN customers c ON c.id = m.customer_id
    JOIN maintenance_items i ON i.id = m.item_id AND i.customer_id = m.customer_id`;

type Row = Omit<Maintenance, 'customer' | 'item' | 'created_at' | 'updated_at'> & {
  item_id: string;
  item_name: string;
} & OwnedRow;

/** A plan's own columns, as written and as answered. */
const PLAN_COLUMNS = [
  'cycle_unit',
  'cycle_value',
  'warning_time',
  'warning_type',
  'calendar_unit',
  'calendar_value',
  'description',
] as const;

const toPlan = (r: Row): Maintenance => ({
  id: r.id,
  item: { id: r.item_id, name: r.item_name },
  ...columnsOf(r, [...PLAN_COLUMNS, 'vehicle_count']),
  ...owned(r),
});

const ORDER: Ordering = {
  alias: 'm',
  plain: ['cycle_unit', 'updated_at'],
  by: { item: 'lower(i.name)', customer: 'lower(c.name)', vehicle_count: 'vehicle_count' },
  fallback: 'item',
};

export function listPlans(db: Queryable, scope: Scoped, query: MaintenanceListQuery) {
  const where = `WHERE ${scope.inScope('m.customer_id', 1)} AND ($2::uuid IS NULL OR m.customer_id = $2)
      AND ($3::uuid IS NULL OR m.item_id = $3)
      AND ($4::text IS NULL OR lower(i.name) LIKE $4 OR lower(m.description) LIKE $4)`;
  const params = [
    scope.customerIds,
    query.customer_id ?? null,
    query.item_id ?? null,
    likePattern(query.filter),
  ];
  const sql = {
    select: SELECT,
    count: `FROM maintenances m JOIN maintenance_items i ON i.id = m.item_id AND i.customer_id = m.customer_id`,
    where,
    order: ORDER,
  };
  return pageRows(db, sql, params, query, toPlan);
}

export const findPlan = (db: Queryable, scope: Scoped, id: string) =>
  findInScope(db, scope, SELECT, { id: 'm.id', customer: 'm.customer_id' }, id, toPlan);

const WRITTEN = ['item_id', ...PLAN_COLUMNS] as const;

export const insertPlan = (db: Queryable, customerId: string, body: PlanFields) =>
  insertRow(db, 'maintenances', { customer_id: customerId }, body, WRITTEN);

export const updatePlan = (db: Queryable, id: string, customerId: string, body: PlanFields) =>
  updateRow(db, 'maintenances', { id, customer_id: customerId }, body, WRITTEN);

/** A plan's cycle changed: its vehicles' states are evaluated again. */
export async function resetPlanStates(db: Queryable, id: string, customerId: string): Promise<void> {
  await db.query(
    'UPDATE maintenance_vehicles SET evaluated_at = NULL WHERE maintenance_id = $1 AND customer_id = $2',
    [id, customerId],
  );
}

/** Whether the customer has the item (a plan names its own customer's item only). */
export async function itemOfCustomer(db: Queryable, customerId: string, itemId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM maintenance_items WHERE id = $1 AND customer_id = $2', [
    itemId,
    customerId,
  ]);
  return rows.length > 0;
}

/** Deletes a plan without vehicles: 'held' when it has some. */
export const deletePlan = (db: Queryable, scope: Scoped, id: string) =>
  deleteUnlessHeld(
    db,
    scope,
    'maintenances',
    id,
    'EXISTS (SELECT 1 FROM maintenance_vehicles v WHERE v.maintenance_id = t.id AND v.customer_id = t.customer_id)',
  );
