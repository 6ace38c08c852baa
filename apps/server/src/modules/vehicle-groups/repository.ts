// Vehicle groups in the database, scoped in SQL like every customer-owned table.
import type { VehicleGroup, VehicleGroupListQuery } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { likePattern, pageWindow } from '../../platform/lists.ts';
import { inScope, type Scope } from '../vehicles/shared.ts';

type Row = {
  id: string;
  customer_id: string;
  customer_name: string;
  name: string;
  description: string;
  vehicle_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT = `
  SELECT g.*, c.name AS customer_name,
         (SELECT count(*)::int FROM vehicles v WHERE v.group_id = g.id) AS vehicle_count
    FROM vehicle_groups g JOIN customers c ON c.id = g.customer_id`;

const toGroup = (r: Row): VehicleGroup => ({
  id: r.id,
  customer: { id: r.customer_id, name: r.customer_name },
  name: r.name,
  description: r.description,
  vehicle_count: r.vehicle_count,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

const ORDER: Record<string, string> = {
  name: 'lower(g.name)',
  customer: 'lower(c.name)',
  vehicle_count: 'vehicle_count',
  updated_at: 'g.updated_at',
};

export async function listVehicleGroups(
  database: DatabaseHandle,
  scope: Scope,
  query: VehicleGroupListQuery,
): Promise<{ list: VehicleGroup[]; total: number }> {
  const where = `WHERE ${inScope('g.customer_id', 1)} AND ($2::uuid IS NULL OR g.customer_id = $2)
                   AND ($3::text IS NULL OR lower(g.name) LIKE $3 OR lower(g.description) LIKE $3)`;
  const params = [scope, query.customer_id ?? null, likePattern(query.filter)];
  const order = `${ORDER[query.order_by ?? 'name']} ${query.order === 'desc' ? 'DESC' : 'ASC'}, g.id`;
  const rows = await database.query<Row>(`${SELECT} ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [
    ...params,
    ...pageWindow(query),
  ]);
  const [count] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM vehicle_groups g ${where}`,
    params,
  );
  return { list: rows.map(toGroup), total: count?.n ?? 0 };
}

export async function findVehicleGroup(
  database: DatabaseHandle,
  scope: Scope,
  id: string,
): Promise<VehicleGroup | undefined> {
  const [row] = await database.query<Row>(`${SELECT} WHERE g.id = $2 AND ${inScope('g.customer_id', 1)}`, [
    scope,
    id,
  ]);
  return row ? toGroup(row) : undefined;
}

export async function insertVehicleGroup(
  database: DatabaseHandle,
  body: { customer_id: string; name: string; description: string },
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    'INSERT INTO vehicle_groups (customer_id, name, description) VALUES ($1, $2, $3) RETURNING id',
    [body.customer_id, body.name, body.description],
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateVehicleGroup(
  database: DatabaseHandle,
  scope: Scope,
  id: string,
  body: { name: string; description: string },
): Promise<boolean> {
  const rows = await database.query(
    `UPDATE vehicle_groups SET name = $3, description = $4, updated_at = now()
      WHERE id = $2 AND ${inScope('customer_id', 1)} RETURNING id`,
    [scope, id, body.name, body.description],
  );
  return rows.length > 0;
}

/** Deletes a group that has no vehicles: 'removed', 'has-vehicles' or 'missing'. */
export async function deleteVehicleGroup(
  database: DatabaseHandle,
  scope: Scope,
  id: string,
): Promise<'removed' | 'has-vehicles' | 'missing'> {
  const rows = await database.query<{ id: string }>(
    `DELETE FROM vehicle_groups g WHERE g.id = $2 AND ${inScope('g.customer_id', 1)}
        AND NOT EXISTS (SELECT 1 FROM vehicles v WHERE v.group_id = g.id) RETURNING g.id`,
    [scope, id],
  );
  if (rows.length > 0) return 'removed';
  return (await findVehicleGroup(database, scope, id)) ? 'has-vehicles' : 'missing';
}
