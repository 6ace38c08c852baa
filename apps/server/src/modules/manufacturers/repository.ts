// Vehicle vendors (manufacturers) in the database. Every read and write takes the caller's scope
// (platform/access.ts `Scoped`) and applies it in SQL.
import type { Manufacturer } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { namedRecords } from '../../platform/namedRecords.ts';

const vendors = namedRecords<Manufacturer>(
  'manufacturers',
  'model_count',
  'SELECT count(*) FROM vehicle_models vm WHERE vm.manufacturer_id = r.id',
);
export const listManufacturers = vendors.list;
export const findManufacturer = vendors.find;
export const insertManufacturer = vendors.insert;
export const updateManufacturer = vendors.update;

export async function deleteManufacturer(database: Queryable, scope: Scoped, id: string): Promise<boolean> {
  const rows = await database.query(
    `DELETE FROM manufacturers WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING id`,
    [scope.customerIds, id],
  );
  return rows.length > 0;
}
