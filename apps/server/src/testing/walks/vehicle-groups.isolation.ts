import { vehicleGroupResource } from '@fleetlens/contracts';
import { catalogueWalk } from '../walks.ts';

export const walk = catalogueWalk(
  vehicleGroupResource,
  'vehicle_groups',
  'vehicleGroup',
  'Otherside Yard',
  'group',
);
