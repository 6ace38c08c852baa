// Vehicle groups in the database, scoped in SQL like every customer-owned table.
import type { VehicleGroup } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { namedRecords } from '../../platform/namedRecords.ts';

export const groups = namedRecords<VehicleGroup>(
  'vehicle_groups',
  'vehicle_count',
  'SELECT count(*) FROM vehicles v WHERE v.group_id = r.id',
);
export const insertVehicleGroup = groups.insert;

/** Deletes a group that has no vehicles: 'removed', 'has-vehicles' or 'missing'. */
export async function deleteVehicleGroup(
  database: Queryable,
  scope: Scoped,
  id: string,
): Promise<'removed' | 'has-vehicles' | 'missing'> {
  const rows = await database.query<{ id: string }>(
    `DELETE FROM vehicle_groups g WHERE g.id = $2 AND ${scope.inScope('g.customer_id', 1)}
        AND NOT EXISTS (SELECT 1 FROM vehicles v WHERE v.group_id = g.id) RETURNING g.id`,
    [scope.customerIds, id],
  );
  if (rows.length > 0) return 'removed';
  return (await groups.find(database, scope, id)) ? 'has-vehicles' : 'missing';
}
