// The rules of vehicle groups (domain spec §3 "Group"): names unique within a customer, a group
// created only for a customer the caller sees (platform/namedRecords.repository.ts), "cannot delete a group
// that has vehicles" (§8).
import { vehicleGroupResource } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { namedRecordService } from '../../platform/namedRecords.repository.ts';
import { recordWrites } from '../../platform/records.ts';
import { deleteVehicleGroup, groups } from './repository.ts';

const groupWrites = recordWrites(vehicleGroupResource);

export const vehicleGroupService = (database: DatabaseHandle) =>
  namedRecordService(database, groups, groupWrites(database), {
    // Other features' rows (devices) may also point at the group: the same answer.
    remove: deleteVehicleGroup,
    inUse: 'groupHasVehicles',
  });
