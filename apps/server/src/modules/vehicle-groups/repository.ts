// Vehicle groups in the database, scoped in SQL like every customer-owned table.
import type { VehicleGroup } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { namedRecords } from '../../platform/namedRecords.repository.ts';
import { deleteUnlessHeld } from '../../platform/rows.repository.ts';

// Beyond the spec, a group carries its vehicles' impact lock-out level (modules/lockouts reads it).
export const groups = namedRecords<VehicleGroup>(
  'vehicle_groups',
  'vehicle_count',
  ['vehicles', 'group_id'],
  ['lockout_impact_g'],
);
export const insertVehicleGroup = groups.insert;

/** Deletes a group that has no vehicles: 'removed', 'held' (it has vehicles) or 'missing'. */
export const deleteVehicleGroup = (database: Queryable, scope: Scoped, id: string) =>
  deleteUnlessHeld(
    database,
    scope,
    'vehicle_groups',
    id,
    'EXISTS (SELECT 1 FROM vehicles v WHERE v.group_id = t.id)',
  );
