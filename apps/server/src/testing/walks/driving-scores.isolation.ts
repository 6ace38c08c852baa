import type { IsolationWalk } from '../walks.ts';

// The scores read B's operator (seeded by the operators walk). The list needs its subject, so the
// walk's bare call is refused with 400; modules/driving-scores/driving-scores.test.ts lists every
// subject of a manager of A and finds none of B's. B's score settings (`{customerId}`: B's
// company) are set once, so that a read shows them and a write would change them.
export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/driving-scores\/operators\/\{id\}$/, 'operator']],
  params: { customerId: 'customer' },
  async seed({ query, b }) {
    await query('INSERT INTO score_settings (customer_id, count_zone_breaches) VALUES ($1, true)', [
      b.customer,
    ]);
  },
  bodies: () => ({
    'PUT /api/v1/driving-scores/settings/{customerId}': { count_zone_breaches: false },
  }),
  markers: () => ['"count_zone_breaches":true'],
  snapshot: (query, b) =>
    query('SELECT (SELECT json_agg(s) FROM score_settings s WHERE s.customer_id = $1) AS b', [b.customer]),
};
