// Vehicle vendors (manufacturers) in the database. Every read and write takes the caller's scope
// (platform/access.ts `Scoped`) and applies it in SQL.
import type { Manufacturer } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { namedRecords } from '../../platform/namedRecords.repository.ts';
import { deleteInScope } from '../../platform/rows.repository.ts';

export const vendors = namedRecords<Manufacturer>('manufacturers', 'model_count', [
  'vehicle_models',
  'manufacturer_id',
]);
export const insertManufacturer = vendors.insert;

export const deleteManufacturer = (database: Queryable, scope: Scoped, id: string) =>
  deleteInScope(database, scope, 'manufacturers', id);
