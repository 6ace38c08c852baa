import { zoneResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, rowsOfBAndSneaky } from '../walks.ts';

const routes = resourceRoutes(zoneResource, 'zone');

/** B's yard, named so that a leak shows. */
const RING = [
  [139.7, 35.6],
  [139.71, 35.6],
  [139.71, 35.61],
  [139.7, 35.61],
  [139.7, 35.6],
];
const polygon = { type: 'Polygon', coordinates: [RING] };

export const walk: IsolationWalk = {
  objects: routes.objects,
  seed: async ({ insert, b }) => {
    b.zone = await insert(
      `INSERT INTO zones (customer_id, name, kind, polygon, rules)
       VALUES ($1, 'Otherco secret zone', 'no-go', $2::jsonb, '[{"type":"no-entry"}]') RETURNING id`,
      [b.customer, JSON.stringify(polygon)],
    );
  },
  bodies: (b) => ({
    [routes.create]: {
      customer_id: b.customer,
      name: 'Sneaky zone',
      kind: 'pedestrian',
      polygon,
      rules: [{ type: 'no-entry' }],
    },
    [routes.update]: { name: 'Taken over zone', kind: 'pedestrian', polygon, rules: [] },
  }),
  markers: () => ['Otherco secret zone'],
  snapshot: rowsOfBAndSneaky('zones'),
};
