// The SQL of the demo's maintenance (demo.ts).
import type { Queryable } from '../../db/client.ts';

/** Whether the customer has any maintenance item (the demo's plans are seeded once). */
export async function hasItems(db: Queryable, customerId: string): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM maintenance_items WHERE customer_id = $1 LIMIT 1', [customerId])).length >
    0
  );
}

/** The demo fleet's vehicles with their hour meter as the registry holds it, by name. */
export function demoVehicles(db: Queryable, customerId: string) {
  return db.query<{ id: string; name: string; meter: number }>(
    `SELECT id, name, (initial_hour_meter + hour_meter_correction + cumulative_uptime_hours)::float8 AS meter
       FROM vehicles WHERE customer_id = $1 AND description = 'Demo fleet' ORDER BY name`,
    [customerId],
  );
}

export async function insertItem(db: Queryable, customerId: string, name: string, description: string) {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO maintenance_items (customer_id, name, description) VALUES ($1, $2, $3) RETURNING id',
    [customerId, name, description],
  );
  return row?.id ?? '';
}

export async function insertPlan(
  db: Queryable,
  customerId: string,
  plan: {
    item: string;
    cycle: [number, string];
    warning: [number, string];
    calendar?: [number, string];
    description: string;
  },
) {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO maintenances (customer_id, item_id, cycle_value, cycle_unit, warning_time, warning_type,
                               calendar_value, calendar_unit, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      customerId,
      plan.item,
      ...plan.cycle,
      ...plan.warning,
      plan.calendar?.[0] ?? null,
      plan.calendar?.[1] ?? null,
      plan.description,
    ],
  );
  return row?.id ?? '';
}

export async function insertAssignment(
  db: Queryable,
  customerId: string,
  planId: string,
  vehicleId: string,
  last: { daysAgo: number; meter: number | null; comment: string },
) {
  await db.query(
    `INSERT INTO maintenance_vehicles (customer_id, maintenance_id, vehicle_id, comment, last_maintenance_at, last_hour_meter)
     VALUES ($1, $2, $3, $4, now() - make_interval(days => $5), $6) ON CONFLICT DO NOTHING`,
    [customerId, planId, vehicleId, last.comment, last.daysAgo, last.meter],
  );
}
