import { type IsolationWalk, rowsOfBAndSneaky } from '../walks.ts';

// B's report, named so that a leak shows; its export and figures are B's too.
export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/reports\/\{id\}/, 'report']],
  // The export's format is no object of B's: any of them must answer 404 for B's report.
  params: { format: 'reportFormat' },
  async seed({ insert, b }) {
    b.report = await insert(
      `INSERT INTO reports (customer_id, author_id, name, template, period, vehicle_ids)
       VALUES ($1, $2, 'Otherco secret report', 'distancePerVehicle', 'today', ARRAY[$3]::uuid[]) RETURNING id`,
      [b.customer, b.user, b.vehicle],
    );
    b.reportFormat = 'pdf';
  },
  bodies: (b) => ({
    // A report may not name another tenant's vehicle.
    'POST /api/v1/reports': {
      name: 'Sneaky report',
      template: 'distancePerVehicle',
      period: 'today',
      vehicle_ids: [b.vehicle],
    },
    'PUT /api/v1/reports/{id}': {
      name: 'Taken over report',
      template: 'eventsPerType',
      period: 'today',
      vehicle_ids: [b.vehicle],
    },
  }),
  markers: () => ['Otherco secret report'],
  snapshot: rowsOfBAndSneaky('reports'),
};
