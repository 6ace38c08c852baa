// Vehicle vendors (manufacturers) in the database. Every read and write takes the caller's scope
// (null for staff, else the customer ids they may see) and applies it in SQL.
import type { Manufacturer, ManufacturerListQuery } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { likePattern, pageWindow } from '../../platform/lists.ts';
import { inScope, type Scope } from '../vehicles/shared.ts';

type Row = {
  id: string;
  customer_id: string;
  customer_name: string;
  name: string;
  description: string;
  model_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT = `
  SELECT m.*, c.name AS customer_name,
         (SELECT count(*)::int FROM vehicle_models vm WHERE vm.manufacturer_id = m.id) AS model_count
    FROM manufacturers m JOIN customers c ON c.id = m.customer_id`;

const toManufacturer = (r: Row): Manufacturer => ({
  id: r.id,
  customer: { id: r.customer_id, name: r.customer_name },
  name: r.name,
  description: r.description,
  model_count: r.model_count,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

const ORDER: Record<string, string> = {
  name: 'lower(m.name)',
  customer: 'lower(c.name)',
  model_count: 'model_count',
  updated_at: 'm.updated_at',
};

export async function listManufacturers(
  database: DatabaseHandle,
  scope: Scope,
  query: ManufacturerListQuery,
): Promise<{ list: Manufacturer[]; total: number }> {
  const where = `WHERE ${inScope('m.customer_id', 1)} AND ($2::uuid IS NULL OR m.customer_id = $2)
                   AND ($3::text IS NULL OR lower(m.name) LIKE $3 OR lower(m.description) LIKE $3)`;
  const params = [scope, query.customer_id ?? null, likePattern(query.filter)];
  const order = `${ORDER[query.order_by ?? 'name']} ${query.order === 'desc' ? 'DESC' : 'ASC'}, m.id`;
  const rows = await database.query<Row>(`${SELECT} ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [
    ...params,
    ...pageWindow(query),
  ]);
  const [count] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM manufacturers m ${where}`,
    params,
  );
  return { list: rows.map(toManufacturer), total: count?.n ?? 0 };
}

export async function findManufacturer(
  database: DatabaseHandle,
  scope: Scope,
  id: string,
): Promise<Manufacturer | undefined> {
  const [row] = await database.query<Row>(`${SELECT} WHERE m.id = $2 AND ${inScope('m.customer_id', 1)}`, [
    scope,
    id,
  ]);
  return row ? toManufacturer(row) : undefined;
}

export async function insertManufacturer(
  database: DatabaseHandle,
  body: { customer_id: string; name: string; description: string },
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    'INSERT INTO manufacturers (customer_id, name, description) VALUES ($1, $2, $3) RETURNING id',
    [body.customer_id, body.name, body.description],
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateManufacturer(
  database: DatabaseHandle,
  scope: Scope,
  id: string,
  body: { name: string; description: string },
): Promise<boolean> {
  const rows = await database.query(
    `UPDATE manufacturers SET name = $3, description = $4, updated_at = now()
      WHERE id = $2 AND ${inScope('customer_id', 1)} RETURNING id`,
    [scope, id, body.name, body.description],
  );
  return rows.length > 0;
}

export async function deleteManufacturer(
  database: DatabaseHandle,
  scope: Scope,
  id: string,
): Promise<boolean> {
  const rows = await database.query(
    `DELETE FROM manufacturers WHERE id = $2 AND ${inScope('customer_id', 1)} RETURNING id`,
    [scope, id],
  );
  return rows.length > 0;
}
