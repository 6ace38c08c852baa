// The rules of vehicle vendors (domain spec §3): names unique within a customer, a vendor created
// only for a customer the caller sees (platform/namedRecords.repository.ts), a vendor with models or vehicles
// not deleted.
import { manufacturerResource } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { namedRecordService } from '../../platform/namedRecords.repository.ts';
import { recordWrites } from '../../platform/records.ts';
import { deleteManufacturer, vendors } from './repository.ts';

const vendorWrites = recordWrites(manufacturerResource, 'manufacturers', {
  manufacturers_customer_name_key: { field: 'name', key: 'vendorNameInUse' },
});

export function manufacturerService(database: DatabaseHandle) {
  const writes = vendorWrites(database);
  return {
    ...namedRecordService(database, vendors, writes),

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, (tx) => deleteManufacturer(tx, access, id), 'vendorInUse');
      return { id };
    },
  };
}
