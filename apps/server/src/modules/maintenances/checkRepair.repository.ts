// The SQL of a failed check's repair task (checkRepair.ts): the customer's repair item and plan,
// made on first use, and the vehicle's assignment under it set due now.
import type { Queryable } from '../../db/client.ts';

/** The customer's item of that name, made when missing (two failures at once make it once). */
export async function repairItem(db: Queryable, customerId: string, name: string, description: string) {
  await db.query(
    `INSERT INTO maintenance_items (customer_id, name, description) VALUES ($1, $2, $3)
     ON CONFLICT ON CONSTRAINT maintenance_items_customer_name_key DO NOTHING`,
    [customerId, name, description],
  );
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM maintenance_items WHERE customer_id = $1 AND name = $2',
    [customerId, name],
  );
  if (!row) throw new Error('repair item not stored');
  return row.id;
}

/** The item's first plan, made with the given cycle when it has none. */
export async function repairPlan(
  db: Queryable,
  customerId: string,
  itemId: string,
  plan: { cycleYears: number; description: string },
) {
  const [found] = await db.query<{ id: string }>(
    'SELECT id FROM maintenances WHERE customer_id = $1 AND item_id = $2 ORDER BY created_at, id LIMIT 1',
    [customerId, itemId],
  );
  if (found) return found.id;
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO maintenances (customer_id, item_id, cycle_value, cycle_unit, warning_time, warning_type, description)
     VALUES ($1, $2, $3, 'years', 1, 'days', $4) RETURNING id`,
    [customerId, itemId, plan.cycleYears, plan.description],
  );
  if (!row) throw new Error('repair plan not stored');
  return row.id;
}

/**
 * The vehicle under the plan with its last maintenance one cycle ago: due now. An assignment there
 * already is set due again with the new comment; the evaluation reads it again (evaluated_at).
 */
export async function setDueNow(
  db: Queryable,
  at: { customerId: string; planId: string; vehicleId: string },
  cycleYears: number,
  comment: string,
) {
  await db.query(
    `INSERT INTO maintenance_vehicles (customer_id, maintenance_id, vehicle_id, comment, last_maintenance_at,
                                      state, due_at, evaluated_at)
     VALUES ($1, $2, $3, $4, now() - make_interval(years => $5), 'due', now(), NULL)
     ON CONFLICT ON CONSTRAINT maintenance_vehicles_key DO UPDATE
       SET comment = EXCLUDED.comment, last_maintenance_at = EXCLUDED.last_maintenance_at, last_hour_meter = NULL,
           state = 'due', due_at = now(), evaluated_at = NULL, notified_state = NULL, updated_at = now()`,
    [at.customerId, at.planId, at.vehicleId, comment, cycleYears],
  );
}
