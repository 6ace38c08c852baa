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
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import {
  deleteInScope,
  findInScope,
  firstValue,
  insertRow,
  type StampRow,
  stamps,
  updateRow,
} from '../../platform/rows.repository.ts';

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
    JOIN manufacturers m ON m.id = vm.manufacturer_id AND m.customer_id = vm.customer_id`;

/** A row of SELECT: the shown columns, the customer and the vendor. */
type Row = Pick<VehicleModel, (typeof SHOWN)[number]> & {
  customer_id: string;
  customer_name: string;
  manufacturer_id: string;
  manufacturer_name: string;
} & StampRow;

function toModel(row: Row): VehicleModel {
  const { customer_id, customer_name, manufacturer_id, manufacturer_name, ...shown } = row;
  return {
    ...shown,
    customer: { id: customer_id, name: customer_name },
    manufacturer: { id: manufacturer_id, name: manufacturer_name },
    ...stamps(row),
  };
}

const ORDER: Ordering = {
  alias: 'vm',
  text: ['name', 'series_name', 'model_name'],
  plain: ['power_type', 'rated_load_kg', 'updated_at'],
  by: { manufacturer: 'lower(m.name)' },
  fallback: 'name',
  nullsLast: true,
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
  const sql = { select: SELECT, count: 'FROM vehicle_models vm', where, order: ORDER };
  return pageRows(database, sql, params, query, toModel);
}

export const findVehicleModel = (database: Queryable, scope: Scoped, id: string) =>
  findInScope(database, scope, SELECT, { id: 'vm.id', customer: 'vm.customer_id' }, id, toModel);

/** The customer of a vendor the caller may see, or undefined. */
export const vendorCustomer = (database: Queryable, scope: Scoped, manufacturerId: string) =>
  firstValue<string>(
    database,
    `SELECT customer_id FROM manufacturers WHERE id = $2 AND ${scope.inScope('customer_id', 1)}`,
    [scope.customerIds, manufacturerId],
  );

export const insertVehicleModel = (database: Queryable, customerId: string, body: ModelInput) =>
  insertRow(database, 'vehicle_models', { customer_id: customerId }, body, COLUMNS);

/** Updates a model within `customerId` (its vendor must be of the same customer). */
export const updateVehicleModel = (database: Queryable, id: string, customerId: string, body: ModelInput) =>
  updateRow(database, 'vehicle_models', { id, customer_id: customerId }, body, COLUMNS);

export const deleteVehicleModel = (database: Queryable, scope: Scoped, id: string) =>
  deleteInScope(database, scope, 'vehicle_models', id);
