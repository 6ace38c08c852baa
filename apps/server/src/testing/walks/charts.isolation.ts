import { type IsolationWalk, rowsOfBAndSneaky } from '../walks.ts';

// B's shared chart, named so that a leak shows. A's own dashboard (GET /charts, the batch period
// change) is A's: the batch change names nothing of B, so it is walked by the module's test.
export const walk: IsolationWalk = {
  notTenantOwned: ['PUT /api/v1/charts/period'],
  objects: [[/^\/api\/v1\/charts\/\{id\}/, 'chart']],
  async seed({ insert, b }) {
    b.chart = await insert(
      `INSERT INTO charts (customer_id, owner_id, name, template)
       VALUES ($1, $2, 'Otherco secret chart', 'distancePerVehicle') RETURNING id`,
      [b.customer, b.user],
    );
  },
  bodies: (b) => ({
    // A chart may not name another tenant's vehicle, nor take B's chart into A's order.
    'POST /api/v1/charts': { name: 'Sneaky chart', template: 'distancePerVehicle', vehicle_ids: [b.vehicle] },
    'PUT /api/v1/charts/{id}': { name: 'Taken over chart', template: 'eventsPerType' },
    'PUT /api/v1/charts/order': { ids: [b.chart] },
  }),
  markers: () => ['Otherco secret chart'],
  snapshot: rowsOfBAndSneaky('charts'),
};
