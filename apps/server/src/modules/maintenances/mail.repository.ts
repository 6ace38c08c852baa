// The SQL of what a rise tells: the maintenance e-mail (mail.ts), who is told and each notice
// claimed once, and the rises as the customer's webhooks receive them (webhooks.ts).
import type { MaintenanceState } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { recipientsSql } from '../../platform/recipients.repository.ts';
import { HOURS_LEFT } from './vehicles.repository.ts';

export interface Notice {
  customer_id: string;
  maintenance_id: string;
  vehicle_id: string;
  vehicle: string;
  item: string;
  state: MaintenanceState;
  due_at: Date | null;
  hours_left: number | null;
}

const RANK = (column: string) =>
  `CASE ${column} WHEN 'warning' THEN 1 WHEN 'due' THEN 2 WHEN 'overdue' THEN 3 ELSE 0 END`;

/**
 * Claims the notice of an assignment whose state rose above the last one told (warning, then due,
 * then overdue): answers it, or nothing when it was told already (by another replica too).
 */
export async function claimNotice(
  db: Queryable,
  at: { customer_id: string; maintenance_id: string; vehicle_id: string },
): Promise<Notice | undefined> {
  const [row] = await db.query<Notice>(
    `UPDATE maintenance_vehicles mv SET notified_state = mv.state
       FROM maintenances m, maintenance_items i, vehicles v
            LEFT JOIN maintenance_meters mm ON mm.vehicle_id = v.id AND mm.customer_id = v.customer_id
      WHERE mv.customer_id = $1 AND mv.maintenance_id = $2 AND mv.vehicle_id = $3
        AND m.id = mv.maintenance_id AND m.customer_id = mv.customer_id
        AND i.id = m.item_id AND i.customer_id = m.customer_id
        AND v.id = mv.vehicle_id AND v.customer_id = mv.customer_id
        AND ${RANK('mv.state')} > ${RANK('mv.notified_state')}
      RETURNING mv.customer_id, mv.maintenance_id, mv.vehicle_id, v.name AS vehicle, i.name AS item,
                mv.state, mv.due_at, ${HOURS_LEFT} AS hours_left`,
    [at.customer_id, at.maintenance_id, at.vehicle_id],
  );
  return row;
}

/** A notice not sent after all: told again on the next rise or run. */
export async function releaseNotice(db: Queryable, notice: Notice): Promise<void> {
  await db.query(
    `UPDATE maintenance_vehicles SET notified_state = NULL
      WHERE customer_id = $1 AND maintenance_id = $2 AND vehicle_id = $3`,
    [notice.customer_id, notice.maintenance_id, notice.vehicle_id],
  );
}

/**
 * The users told of a customer's maintenance: theirs and its parents' enabled users whose
 * notifications include maintenance (notify_maintain) and whose role reads maintenance.
 */
export function noticeRecipients(
  db: Queryable,
  customerId: string,
): Promise<{ id: string; email: string }[]> {
  return db.query(
    `${recipientsSql("u.notify_maintain AND u.email <> ''", 'maintenance:view')}
      ORDER BY u.id`,
    [customerId],
  );
}

/** The rises as they stand now (vehicle and item names, due time, hours left), each by its customer. */
export function risesNow(
  db: Queryable,
  rises: readonly { customer_id: string; maintenance_id: string; vehicle_id: string }[],
): Promise<Notice[]> {
  return db.query<Notice>(
    `SELECT mv.customer_id, mv.maintenance_id, mv.vehicle_id, v.name AS vehicle, i.name AS item,
            mv.state, mv.due_at, ${HOURS_LEFT} AS hours_left
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS k(customer_id, maintenance_id, vehicle_id)
       JOIN maintenance_vehicles mv
         ON mv.customer_id = k.customer_id AND mv.maintenance_id = k.maintenance_id AND mv.vehicle_id = k.vehicle_id
       JOIN maintenances m ON m.id = mv.maintenance_id AND m.customer_id = mv.customer_id
       JOIN maintenance_items i ON i.id = m.item_id AND i.customer_id = m.customer_id
       JOIN vehicles v ON v.id = mv.vehicle_id AND v.customer_id = mv.customer_id
       LEFT JOIN maintenance_meters mm ON mm.vehicle_id = v.id AND mm.customer_id = v.customer_id
      ORDER BY v.name, i.name`,
    [rises.map((r) => r.customer_id), rises.map((r) => r.maintenance_id), rises.map((r) => r.vehicle_id)],
  );
}
