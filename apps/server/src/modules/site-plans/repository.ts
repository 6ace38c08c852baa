// Site plans in the database (0033_site_plans.sql). Every read takes the caller's scope; writes
// name one customer the service has checked.
import type { SitePlan, SitePlanCorners, SitePlanGeojson } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';

type PlanRow = {
  customer_id: string;
  kind: 'geojson' | 'image';
  geojson: SitePlanGeojson | string | null;
  image_type: string | null;
  image_data: string | null;
  corners: SitePlanCorners | string | null;
  updated_at: Date | string;
};

const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const planOf = (r: PlanRow): SitePlan => {
  const corners = json(r.corners);
  return {
    customer_id: r.customer_id,
    kind: r.kind,
    geojson: json(r.geojson),
    image:
      r.kind === 'image' && r.image_data && corners
        ? { url: `data:${r.image_type};base64,${r.image_data}`, corners }
        : null,
    updated_at: new Date(r.updated_at).toISOString(),
  };
};

/** The plans of the customers the caller sees, or of one of them. */
export async function sitePlans(db: Queryable, scope: Scoped, customerId: string | undefined) {
  const rows = await db.query<PlanRow>(
    `SELECT customer_id, kind, geojson, image_type, image_data, corners, updated_at
       FROM site_plans
      WHERE ${scope.inScope('customer_id', 1)} AND ($2::uuid IS NULL OR customer_id = $2)
      ORDER BY customer_id`,
    [scope.customerIds, customerId ?? null],
  );
  return rows.map(planOf);
}

export type PlanWrite =
  | { kind: 'geojson'; geojson: SitePlanGeojson }
  | { kind: 'image'; imageType: string; imageData: string; corners: SitePlanCorners };

/** Sets a customer's plan, replacing the one it had. */
export async function saveSitePlan(
  db: Queryable,
  customerId: string,
  plan: PlanWrite,
  userId: string | null,
) {
  const image = plan.kind === 'image' ? plan : null;
  const rows = await db.query<PlanRow>(
    `INSERT INTO site_plans (customer_id, kind, geojson, image_type, image_data, corners, updated_by)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6::jsonb, $7)
     ON CONFLICT (customer_id) DO UPDATE
        SET kind = EXCLUDED.kind, geojson = EXCLUDED.geojson, image_type = EXCLUDED.image_type,
            image_data = EXCLUDED.image_data, corners = EXCLUDED.corners,
            updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING customer_id, kind, geojson, image_type, image_data, corners, updated_at`,
    [
      customerId,
      plan.kind,
      plan.kind === 'geojson' ? JSON.stringify(plan.geojson) : null,
      image?.imageType ?? null,
      image?.imageData ?? null,
      image ? JSON.stringify(image.corners) : null,
      userId,
    ],
  );
  return planOf(rows[0] as PlanRow);
}

/** Sets a plan only where the customer has none (the demo's, which a customer may have replaced). */
export async function insertSitePlanOnce(db: Queryable, customerId: string, geojson: SitePlanGeojson) {
  await db.query(
    `INSERT INTO site_plans (customer_id, kind, geojson) VALUES ($1, 'geojson', $2::jsonb)
     ON CONFLICT (customer_id) DO NOTHING`,
    [customerId, JSON.stringify(geojson)],
  );
}

export async function deleteSitePlan(db: Queryable, customerId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM site_plans WHERE customer_id = $1 RETURNING customer_id', [
    customerId,
  ]);
  return rows.length > 0;
}
