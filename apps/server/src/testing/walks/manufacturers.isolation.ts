import { manufacturerResource } from '@fleetlens/contracts';
import { catalogueWalk } from '../walks.ts';

export const walk = catalogueWalk(
  manufacturerResource,
  'manufacturers',
  'manufacturer',
  'Otherworks Lifts',
  'vendor',
);
