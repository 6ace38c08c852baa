// The vehicle master (models) in the database, scoped in SQL like every customer-owned table.
// A model's customer is its vendor's (the composite foreign key keeps them equal).
import {
  MODEL_MEASURES,
  MODEL_TEXTS,
  type VehicleModel,
  type VehicleModelListQuery,
  type vehicleModelBodySchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, pageWindow } from '../../platform/lists.ts';

type ModelInput = z.output<typeof vehicleModelBodySchema>;
/** The columns a body writes and an answer shows as they are stored. */
const FIELDS = [
  'name',
  'series_name',
  'model_name',
  'power_type',
  'remarks',
  ...MODEL_TEXTS,
  ...MODEL_MEASURES,
] as const satisfies readonly (keyof VehicleModel)[];
/** The columns a body writes, in order. */
const COLUMNS = ['manufacturer_id', ...FIELDS] as const;
const SHOWN = ['id', ...FIELDS] as const;

const SELECT = `
  SELECT ${SHOWN.map((c) => `vm.${c}`).join(', ')}, vm.customer_id, vm.manufacturer_id, vm.created_at,
         vm.updated_at, c.name AS customer_name, m.name AS manufacturer_name
    FROM vehicle_models vm
    JOIN customers c ON c.id = vm.customer_id
    JOIN manufacturers m ON m.id = vm.manufacturer_id`;

/** A row of SELECT: the shown columns, the customer and the vendor. */
type Row = Pick<VehicleModel, (typeof SHOWN)[number]> & {
  customer_id: string;
  customer_name: string;
  manufacturer_id: string;
  manufacturer_name: string;
  created_at: Date | string;
  updated_at: Date | string;
};

function toModel(row: Row): VehicleModel {
  const { customer_id, customer_name, manufacturer_id, manufacturer_name, created_at, updated_at, ...shown } =
    row;
  return {
    ...shown,
    customer: { id: customer_id, name: customer_name },
    manufacturer: { id: manufacturer_id, name: manufacturer_name },
    created_at: new Date(created_at).toISOString(),
    updated_at: new Date(updated_at).toISOString(),
  };
}

const ORDER: Record<string, string> = {
  name: 'lower(vm.name)',
  manufacturer: 'lower(m.name)',
  series_name: 'lower(vm.series_name)',
  model_name: 'lower(vm.model_name)',
  power_type: 'vm.power_type',
  rated_load_kg: 'vm.rated_load_kg',
  updated_at: 'vm.updated_at',
};

export async function listVehicleModels(
  database: Queryable,
  scope: Scoped,
  query: VehicleModelListQuery,
): Promise<{ list: VehicleModel[]; total: number }> {
  const where = `WHERE ${scope.inScope('vm.customer_id', 1)} AND ($2::uuid IS NULL OR vm.customer_id = $2)
                   AND ($3::uuid IS NULL OR vm.manufacturer_id = $3)
                   AND ($4::text IS NULL OR vm.power_type = $4)
                   AND ($5::text IS NULL OR lower(vm.name) LIKE $5 OR lower(vm.series_name) LIKE $5
                        OR lower(vm.model_name) LIKE $5 OR lower(vm.engine_model) LIKE $5)`;
  const params = [
    scope.customerIds,
    query.customer_id ?? null,
    query.manufacturer_id ?? null,
    query.power_type ?? null,
    likePattern(query.filter),
  ];
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const order = `${ORDER[query.order_by ?? 'name']} ${direction} NULLS LAST, vm.id`;
  const rows = await database.query<Row>(`${SELECT} ${where} ORDER BY ${order} LIMIT $6 OFFSET $7`, [
    ...params,
    ...pageWindow(query),
  ]);
  const [count] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM vehicle_models vm ${where}`,
    params,
  );
  return { list: rows.map(toModel), total: count?.n ?? 0 };
}

export async function findVehicleModel(
  database: Queryable,
  scope: Scoped,
  id: string,
): Promise<VehicleModel | undefined> {
  const [row] = await database.query<Row>(
    `${SELECT} WHERE vm.id = $2 AND ${scope.inScope('vm.customer_id', 1)}`,
    [scope.customerIds, id],
  );
  return row ? toModel(row) : undefined;
}

/** The customer of a vendor the caller may see, or undefined. */
export async function vendorCustomer(
  database: Queryable,
  scope: Scoped,
  manufacturerId: string,
): Promise<string | undefined> {
  const [row] = await database.query<{ customer_id: string }>(
    `SELECT customer_id FROM manufacturers WHERE id = $2 AND ${scope.inScope('customer_id', 1)}`,
    [scope.customerIds, manufacturerId],
  );
  return row?.customer_id;
}

export async function insertVehicleModel(
  database: Queryable,
  customerId: string,
  body: ModelInput,
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO vehicle_models (customer_id, ${COLUMNS.join(', ')})
     VALUES ($1, ${COLUMNS.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    [customerId, ...COLUMNS.map((c) => body[c])],
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Updates a model within `customerId` (its vendor must be of the same customer). */
export async function updateVehicleModel(
  database: Queryable,
  id: string,
  customerId: string,
  body: ModelInput,
): Promise<boolean> {
  const sets = COLUMNS.map((c, i) => `${c} = $${i + 3}`).join(', ');
  const rows = await database.query(
    `UPDATE vehicle_models SET ${sets}, updated_at = now() WHERE id = $1 AND customer_id = $2 RETURNING id`,
    [id, customerId, ...COLUMNS.map((c) => body[c])],
  );
  return rows.length > 0;
}

export async function deleteVehicleModel(database: Queryable, scope: Scoped, id: string): Promise<boolean> {
  const rows = await database.query(
    `DELETE FROM vehicle_models WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING id`,
    [scope.customerIds, id],
  );
  return rows.length > 0;
}
