// The rules of vehicle vendors (domain spec §3): names unique within a customer, a vendor created
// only for a customer the caller sees (platform/namedRecords.repository.ts), a vendor with models or vehicles
// not deleted.
import { manufacturerResource } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { namedRecordService } from '../../platform/namedRecords.repository.ts';
import { recordWrites } from '../../platform/records.ts';
import { deleteManufacturer, vendors } from './repository.ts';

const vendorWrites = recordWrites(manufacturerResource);

export const manufacturerService = (database: DatabaseHandle) =>
  namedRecordService(database, vendors, vendorWrites(database), {
    remove: deleteManufacturer,
    inUse: 'vendorInUse',
  });
