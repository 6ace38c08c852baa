// Vehicles (domain spec §3): every field of the spec, the hour meters, the installation type and
// the vehicle type with its icon (variant A or B). The vehicle's device is owned by the devices
// feature (devices.vehicle_id) and only shown here.
import { z } from 'zod';
import { listQueryOf } from '../api/errors.ts';
import { recordTimes } from '../api/records.ts';
import { linkStateFilterSchema, linkStateSchema } from '../device-link/states.ts';
import { notNegative } from '../validation/fields.ts';
import {
  customerFilter,
  measure,
  num,
  optionalRef,
  optionalText,
  refSchema,
  requiredDate,
  requiredRef,
  requiredText,
} from './fields.ts';
import { POWER_TYPES } from './masters.ts';

export const INSTALLATION_TYPES = ['none', 'assets', 'leases', 'rental'] as const;
export type InstallationType = (typeof INSTALLATION_TYPES)[number];

/** The vehicle types of spec §3; each is drawn in two variants (icons A and B). */
export const VEHICLE_TYPES = [
  'bulldozer',
  'bus',
  'counter',
  'crane',
  'excavator_car',
  'reach',
  'reach_stacker',
  'straddle_carrier',
  'towing_tractor',
  'truck',
  'wheel_loader',
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const VEHICLE_ICONS = ['a', 'b'] as const;
export type VehicleIcon = (typeof VEHICLE_ICONS)[number];

export const RATED_OUTPUT_UNITS = ['kw', 'ps', 'hp'] as const;

/** Hour meter values are hours; the correction may be negative. */
export const HOUR_METER_MAX = 1_000_000;

export const VEHICLE_MEASURES = [
  'weight_kg',
  'fork_length_mm',
  'standard_lift_mm',
  'maximum_lift_mm',
  'battery_voltage_v',
  'battery_capacity_ah',
  'fuel_capacity_l',
  'rated_output',
] as const;
export type VehicleMeasure = (typeof VEHICLE_MEASURES)[number];

const measures = Object.fromEntries(VEHICLE_MEASURES.map((m) => [m, measure()])) as {
  [K in VehicleMeasure]: ReturnType<typeof measure>;
};

const vehicleFields = {
  name: requiredText('validation.vehicleNameRequired', 100),
  description: optionalText(1000),
  introduce_date: requiredDate('validation.introduceDateRequired'),
  group_id: optionalRef(),
  manufacturer_id: optionalRef(),
  model_id: optionalRef(),
  series: optionalText(100),
  power_type: z.enum(POWER_TYPES, 'validation.invalidEnum').nullable().default(null),
  structure: optionalText(100),
  initial_hour_meter: notNegative(num()).max(HOUR_METER_MAX).default(0),
  hour_meter_correction: z
    .number('validation.invalidNumber')
    .min(-HOUR_METER_MAX)
    .max(HOUR_METER_MAX)
    .default(0),
  installation_type: z.enum(INSTALLATION_TYPES, 'validation.invalidEnum').default('none'),
  key_number: optionalText(50),
  installation_location: optionalText(200),
  remark: optionalText(2000),
  maintenance_mode: z.boolean().default(false),
  serial_number: optionalText(100),
  engine_type: optionalText(100),
  vehicle_type: z.enum(VEHICLE_TYPES, 'validation.invalidEnum').default('counter'),
  icon: z.enum(VEHICLE_ICONS, 'validation.invalidEnum').default('a'),
  rated_output_unit: z.enum(RATED_OUTPUT_UNITS, 'validation.invalidEnum').default('kw'),
  kitting_id: optionalText(64),
  ...measures,
};

export const vehicleBodySchema = z
  .object({ customer_id: requiredRef('validation.vehicleCustomerRequired'), ...vehicleFields })
  .strict();
export type VehicleBody = z.input<typeof vehicleBodySchema>;

/** A vehicle keeps its company (its device, group and history belong there). */
export const vehicleUpdateSchema = z.object(vehicleFields).strict();
export type VehicleUpdate = z.input<typeof vehicleUpdateSchema>;

export const vehicleSchema = z.object({
  id: z.string(),
  customer: refSchema,
  group: refSchema.nullable(),
  manufacturer: refSchema.nullable(),
  model: refSchema.nullable(),
  /** The device installed in the vehicle (devices feature), read-only here. */
  device: z.object({ id: z.string(), device_id: z.string() }).nullable(),
  name: z.string(),
  description: z.string(),
  introduce_date: z.string(),
  last_threshold_update_at: z.string().nullable(),
  series: z.string(),
  power_type: z.enum(POWER_TYPES).nullable(),
  structure: z.string(),
  initial_hour_meter: z.number(),
  hour_meter_correction: z.number(),
  installation_type: z.enum(INSTALLATION_TYPES),
  key_number: z.string(),
  installation_location: z.string(),
  remark: z.string(),
  /** Hours since the introduce date. */
  elapsed_hours: z.number(),
  /** Operating hours reported by the device. */
  cumulative_uptime_hours: z.number(),
  /** The hour meter now: initial + correction + cumulative. */
  current_uptime_hours: z.number(),
  maintenance_mode: z.boolean(),
  serial_number: z.string(),
  engine_type: z.string(),
  vehicle_type: z.enum(VEHICLE_TYPES),
  icon: z.enum(VEHICLE_ICONS),
  rated_output_unit: z.enum(RATED_OUTPUT_UNITS),
  kitting_id: z.string(),
  ...(Object.fromEntries(VEHICLE_MEASURES.map((m) => [m, z.number().nullable()])) as {
    [K in VehicleMeasure]: z.ZodNullable<z.ZodNumber>;
  }),
  last_position: z.object({ latitude: z.number(), longitude: z.number(), at: z.string() }).nullable(),
  /** Its device's connection and motion; null without a device or before it reported. */
  state: linkStateSchema.nullable(),
  /** The operator signed on here is signed on to another vehicle too (a missed sign-off or a copied card). */
  operator_signed_on_elsewhere: z.boolean(),
  ...recordTimes,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const VEHICLE_ORDER_COLUMNS = [
  'name',
  'customer',
  'group',
  'manufacturer',
  'model',
  'vehicle_type',
  'installation_type',
  'introduce_date',
  'serial_number',
  'current_uptime_hours',
  'maintenance_mode',
  'updated_at',
  /** Running, stopping, offline, then never reported (contracts displayedState). */
  'state',
] as const;
export type VehicleOrderColumn = (typeof VEHICLE_ORDER_COLUMNS)[number];

/** The vehicle list's parameters: paging, order, the search box (filter) and the filters. */
export const vehicleListQuerySchema = listQueryOf(VEHICLE_ORDER_COLUMNS, {
  ...customerFilter,
  group_id: z.uuid('validation.invalid').optional(),
  manufacturer_id: z.uuid('validation.invalid').optional(),
  model_id: z.uuid('validation.invalid').optional(),
  vehicle_type: z.enum(VEHICLE_TYPES, 'validation.invalidEnum').optional(),
  installation_type: z.enum(INSTALLATION_TYPES, 'validation.invalidEnum').optional(),
  power_type: z.enum(POWER_TYPES, 'validation.invalidEnum').optional(),
  maintenance_mode: z
    .enum(['true', 'false'], 'validation.invalidEnum')
    .transform((v) => v === 'true')
    .optional(),
  /** running, stopping, online or offline (a vehicle without a device has no state). */
  state: linkStateFilterSchema.optional(),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuerySchema>;
export type VehicleListParams = z.input<typeof vehicleListQuerySchema>;
