import { catalogueWalk } from '../walks.ts';

export const walk = catalogueWalk(
  'manufacturers',
  'manufacturers',
  'manufacturer',
  'Otherworks Lifts',
  'vendor',
);
