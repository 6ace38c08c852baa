// Vehicle vendors (manufacturers) and the vehicle master (models), domain spec §3: a customer's
// own catalogue from which its vehicles take their manufacturer, model and specifications.
// Vendor names are unique within a customer, model names within their vendor.
import { z } from 'zod';
import { listQueryOf } from '../api/errors.ts';
import { recordTimes } from '../api/records.ts';
import {
  catalogueOf,
  customerFilter,
  measure,
  optionalText,
  refSchema,
  requiredRef,
  requiredText,
} from './fields.ts';

/** How a vehicle is powered (the spec names the field, not its values). */
export const POWER_TYPES = ['battery', 'diesel', 'gasoline', 'lpg', 'cng', 'hybrid', 'other'] as const;
export type PowerType = (typeof POWER_TYPES)[number];

/** A vendor keeps its company (its models and vehicles belong there): the update has no customer_id. */
export const {
  body: manufacturerBodySchema,
  update: manufacturerUpdateSchema,
  row: manufacturerSchema,
  orderColumns: MANUFACTURER_ORDER_COLUMNS,
  listQuery: manufacturerListQuerySchema,
} = catalogueOf('validation.vendorNameRequired', 'model_count');
export type ManufacturerBody = z.input<typeof manufacturerBodySchema>;
export type ManufacturerUpdate = z.input<typeof manufacturerUpdateSchema>;
export type Manufacturer = z.infer<typeof manufacturerSchema>;
export type ManufacturerListQuery = z.infer<typeof manufacturerListQuerySchema>;

/** The specification fields of a model: sizes in mm, weights in kg, volumes in L (spec §3). */
export const MODEL_MEASURES = [
  'rated_load_kg',
  'fork_length_mm',
  'fork_width_mm',
  'standard_lift_mm',
  'maximum_lift_mm',
  'battery_voltage_v',
  'battery_capacity_ah',
  'fuel_tank_l',
  'body_weight_kg',
  'body_length_mm',
  'body_width_mm',
  'head_guard_height_mm',
  'min_turning_radius_mm',
  'load_center_mm',
] as const;
export type ModelMeasure = (typeof MODEL_MEASURES)[number];

export const MODEL_TEXTS = ['structure', 'engine_model', 'front_tire_size', 'rear_tire_size'] as const;

const measures = Object.fromEntries(MODEL_MEASURES.map((m) => [m, measure()])) as {
  [K in ModelMeasure]: ReturnType<typeof measure>;
};

export const vehicleModelBodySchema = z
  .object({
    manufacturer_id: requiredRef('validation.vendorRequired'),
    name: requiredText('validation.vehicleModelNameRequired', 100),
    series_name: requiredText('validation.seriesNameRequired', 100),
    model_name: requiredText('validation.modelNameRequired', 100),
    power_type: z.enum(POWER_TYPES, 'validation.invalidEnum').nullable().default(null),
    structure: optionalText(100),
    engine_model: optionalText(100),
    front_tire_size: optionalText(50),
    rear_tire_size: optionalText(50),
    remarks: optionalText(2000),
    ...measures,
  })
  .strict();
export type VehicleModelBody = z.input<typeof vehicleModelBodySchema>;

export const vehicleModelSchema = z.object({
  id: z.string(),
  customer: refSchema,
  manufacturer: refSchema,
  name: z.string(),
  series_name: z.string(),
  model_name: z.string(),
  power_type: z.enum(POWER_TYPES).nullable(),
  structure: z.string(),
  engine_model: z.string(),
  front_tire_size: z.string(),
  rear_tire_size: z.string(),
  remarks: z.string(),
  ...(Object.fromEntries(MODEL_MEASURES.map((m) => [m, z.number().nullable()])) as {
    [K in ModelMeasure]: z.ZodNullable<z.ZodNumber>;
  }),
  ...recordTimes,
});
export type VehicleModel = z.infer<typeof vehicleModelSchema>;

export const VEHICLE_MODEL_ORDER_COLUMNS = [
  'name',
  'manufacturer',
  'series_name',
  'model_name',
  'power_type',
  'rated_load_kg',
  'updated_at',
] as const;
export const vehicleModelListQuerySchema = listQueryOf(VEHICLE_MODEL_ORDER_COLUMNS, {
  ...customerFilter,
  manufacturer_id: z.uuid('validation.invalid').optional(),
  power_type: z.enum(POWER_TYPES, 'validation.invalidEnum').optional(),
});
export type VehicleModelListQuery = z.infer<typeof vehicleModelListQuerySchema>;
