import { API_BASE_PATH } from '@fleetlens/contracts';
import { type IsolationWalk, rowsOfBAndSneaky } from '../walks.ts';

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
  objects: [[new RegExp(`^${API_BASE_PATH.replace(/[/]/g, '\\/')}\\/zones\\/\\{id\\}`), 'zone']],
  seed: async ({ insert, b }) => {
    b.zone = await insert(
      `INSERT INTO zones (customer_id, name, kind, polygon, rules)
       VALUES ($1, 'Otherco secret zone', 'no-go', $2::jsonb, '[{"type":"no-entry"}]') RETURNING id`,
      [b.customer, JSON.stringify(polygon)],
    );
  },
  bodies: (b) => ({
    [`POST ${API_BASE_PATH}/zones`]: {
      customer_id: b.customer,
      name: 'Sneaky zone',
      kind: 'pedestrian',
      polygon,
      rules: [{ type: 'no-entry' }],
    },
    [`PUT ${API_BASE_PATH}/zones/{id}`]: { name: 'Taken over zone', kind: 'pedestrian', polygon, rules: [] },
  }),
  markers: () => ['Otherco secret zone'],
  snapshot: rowsOfBAndSneaky('zones'),
};
