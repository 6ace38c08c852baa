import { catalogueWalk } from '../walks.ts';

export const walk = catalogueWalk(
  'vehicle-groups',
  'vehicle_groups',
  'vehicleGroup',
  'Otherside Yard',
  'group',
);
