import { type IsolationWalk, rowsOfB } from '../walks.ts';

// B's fuel reading, its author's name the marker; A may neither read it (its versions by B's
// vehicle, 404) nor write one for B's vehicle (the save refuses a vehicle A cannot see, 400).
export const walk: IsolationWalk = {
  params: { vehicleId: 'vehicle', day: 'fuelDay' },
  async seed({ insert, b }) {
    b.fuelDay = '2026-01-05';
    b.fuelResult = await insert(
      `INSERT INTO fuel_results (customer_id, vehicle_id, day, version, received_l, hour_meter, remaining_l,
                                 author_name, source)
       VALUES ($1, $2, $3, 1, 40, 1200, 55, 'Otherco fuel clerk', 'entry') RETURNING id`,
      [b.customer, b.vehicle, b.fuelDay],
    );
  },
  bodies: (b) => ({
    'POST /api/v1/fuel/results': {
      entries: [
        { vehicle_id: b.vehicle, day: '2026-01-06', received_l: 0, hour_meter: 1201, remaining_l: 50 },
      ],
      reason: 'Sneaky correction',
    },
    // Not multipart: refused before any line is read; the module's test sends B's vehicle by name.
    'POST /api/v1/fuel/results/csv': {},
  }),
  markers: () => ['Otherco fuel clerk'],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('fuel_results')} AS b, (SELECT count(*) FROM fuel_results WHERE reason LIKE 'Sneaky%') AS sneaky`,
      [b.customer],
    ),
};
