import { squarePlan } from '../bodies.ts';
import type { IsolationWalk } from '../walks.ts';

/** B's site plan: a yard named so that a leak shows. */
const PLAN_OF_B = squarePlan({ kind: 'yard', name: 'Otherco secret yard' }, [139.7, 35.6]);

export const walk: IsolationWalk = {
  params: { customerId: 'customer' },
  async seed({ query, b }) {
    await query(
      `INSERT INTO site_plans (customer_id, kind, geojson) VALUES ($1, 'geojson', $2::jsonb)
       ON CONFLICT (customer_id) DO NOTHING`,
      [b.customer, JSON.stringify(PLAN_OF_B)],
    );
  },
  // Multipart: a JSON body is refused too; the point is that B's company is named in the path.
  bodies: () => ({ 'PUT /api/v1/site-plans/{customerId}': { kind: 'geojson' } }),
  markers: () => ['Otherco secret yard'],
  snapshot: (query, b) =>
    query(
      'SELECT (SELECT json_agg(p) FROM site_plans p WHERE p.customer_id = $1) AS b, (SELECT count(*) FROM site_plans) AS plans',
      [b.customer],
    ),
};
