import type { IsolationWalk } from '../walks.ts';

// The tachograph reads B's vehicle and operator, seeded by those modules' walks (B's vehicle also
// reported positions in the locations walk); its list shows only the caller's own subjects. B's
// limits (`{customerId}`: B's company, as the site plans' walk names it) are set once, so that a
// read shows them and a write would change them.
export const walk: IsolationWalk = {
  objects: [
    [/^\/api\/v1\/tachograph\/vehicles\/\{id\}\//, 'vehicle'],
    [/^\/api\/v1\/tachograph\/operators\/\{id\}\//, 'operator'],
  ],
  params: { customerId: 'customer' },
  async seed({ query, b }) {
    await query(
      `INSERT INTO tachograph_limits (customer_id, speed_limit_kmh, max_continuous_driving_minutes, min_break_minutes)
       VALUES ($1, 77.5, 333, 33)`,
      [b.customer],
    );
  },
  bodies: () => ({
    'PUT /api/v1/tachograph/limits/{customerId}': {
      speed_limit_kmh: 5,
      max_continuous_driving_minutes: 10,
      min_break_minutes: 5,
    },
  }),
  // The limits by their fields: a bare number (333) may stand in any uuid or figure by chance.
  markers: () => [
    'Otherfleet FL-1',
    'Otherco Straddle 77',
    'Driverperson',
    'OTHER-OP-9',
    '"speed_limit_kmh":77.5',
    '"max_continuous_driving_minutes":333',
  ],
  snapshot: (query, b) =>
    query('SELECT (SELECT json_agg(l) FROM tachograph_limits l WHERE l.customer_id = $1) AS b', [b.customer]),
};
