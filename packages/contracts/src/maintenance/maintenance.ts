// Maintenance (domain spec: Maintenance, Maintenance master item): a customer's master items name
// what is done (the spec's "maintenance type": oil change, brake check); a plan gives an item its
// cycle, a value in one of the spec's units, and a warning time before it falls due. Beyond the
// spec a plan on the hour meter may also carry a calendar cycle: due at whichever comes first.
// Vehicles are assigned to a plan with a comment and their last maintenance time.
import { z } from 'zod';
import { listQueryOf } from '../api/errors.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import { durationHoursForConversion } from '../format/time.ts';
import { isRealServerTime, notNegative, SERVER_TIME_PATTERN } from '../validation/fields.ts';
import { objectRule, refinement } from '../validation/objectRules.ts';
import { catalogueOf, customerFilter, num, optionalText, requiredRef } from '../vehicles/fields.ts';

/** The spec's cycle units: the hour meter's operating hours, or time passed (hours, days, months, years). */
export const CYCLE_UNITS = ['operating_hours', 'elapsed_hours', 'days', 'months', 'years'] as const;
export type CycleUnit = (typeof CYCLE_UNITS)[number];
/** The units of a second, calendar cycle beside a meter cycle. */
export const CALENDAR_UNITS = ['days', 'months', 'years'] as const;
export type CalendarUnit = (typeof CALENDAR_UNITS)[number];

/** Far above any real cycle (a century of hours), below float trouble. */
export const CYCLE_VALUE_MAX = 1_000_000;

/** Whether a unit counts the hour meter (operating hours) rather than time passed. */
export const onMeter = (unit: CycleUnit): boolean => unit === 'operating_hours';

/**
 * A span in hours, to compare a warning with its cycle: a month 720 hours, a year 8760 (the
 * spec's hour figures; its "+24" applies when such a span is shown in days, see `spanDays`).
 */
export function spanHours(value: number, unit: CycleUnit): number {
  const hours = { operating_hours: 1, elapsed_hours: 1, days: 24, months: 720, years: 8760 } as const;
  return value * hours[unit];
}

/** A span of hours in days: 720 and 8760 hours get 24 added first (spec, constants). */
export const spanDays = (hours: number): number => durationHoursForConversion(hours) / 24;

/** Master items: a customer's named maintenance types; `plan_count` plans use each. */
export const {
  body: maintenanceItemBodySchema,
  update: maintenanceItemUpdateSchema,
  row: maintenanceItemSchema,
  orderColumns: MAINTENANCE_ITEM_ORDER_COLUMNS,
  listQuery: maintenanceItemListQuerySchema,
} = catalogueOf('validation.maintenanceItemNameRequired', 'plan_count');
export type MaintenanceItemBody = z.input<typeof maintenanceItemBodySchema>;
export type MaintenanceItem = z.infer<typeof maintenanceItemSchema>;

/** A value above 0; missing (or emptied in a form) is `required`'s message, a wrong type "Enter a number". */
const positive = (required: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? required
          : issue.code === 'invalid_type'
            ? 'validation.invalidNumber'
            : undefined,
    })
    .positive('validation.positiveNumber')
    .max(CYCLE_VALUE_MAX, 'validation.tooBig');

type PlanFields = {
  cycle_unit?: CycleUnit | null;
  cycle_value?: number | null;
  warning_time?: number | null;
  warning_type?: CycleUnit | null;
  calendar_unit?: CalendarUnit | null;
  calendar_value?: number | null;
};

/**
 * The warning is told in the cycle's kind (hours of the meter for a meter cycle, time for a time
 * cycle) and is shorter than the cycle (spec: "Warning time must be less than the maintenance
 * cycle value"); a missing value is its own message's.
 */
export const warningBeforeCycle = objectRule(
  'warning_time',
  (p: PlanFields) =>
    p.cycle_unit == null ||
    p.warning_type == null ||
    p.cycle_value == null ||
    p.warning_time == null ||
    (onMeter(p.cycle_unit) === onMeter(p.warning_type) &&
      spanHours(p.warning_time, p.warning_type) < spanHours(p.cycle_value, p.cycle_unit)),
  'warningTimeTooLong',
);
/** A calendar cycle goes with a meter cycle only (a time cycle is a calendar already), value and unit together. */
export const calendarBesideMeter = objectRule(
  'calendar_value',
  (p: PlanFields) =>
    (p.calendar_unit == null && p.calendar_value == null) ||
    (p.calendar_unit != null && p.calendar_value != null && p.cycle_unit === 'operating_hours'),
  'calendarCycleInvalid',
);

const planShape = {
  item_id: requiredRef('validation.maintenanceTypeRequired'),
  cycle_unit: z.enum(CYCLE_UNITS, 'validation.cycleRequired'),
  cycle_value: positive('validation.cycleValueRequired'),
  warning_time: positive('validation.warningTimeRequired'),
  warning_type: z.enum(CYCLE_UNITS, 'validation.warningTypeRequired'),
  calendar_unit: z.enum(CALENDAR_UNITS, 'validation.invalidEnum').nullable().default(null),
  calendar_value: num()
    .positive('validation.positiveNumber')
    .max(CYCLE_VALUE_MAX, 'validation.tooBig')
    .nullable()
    .default(null),
  description: optionalText(1000),
};

const planRules = <T extends z.ZodType<PlanFields>>(schema: T) =>
  schema
    .refine(warningBeforeCycle.holds, refinement(warningBeforeCycle))
    .refine(calendarBesideMeter.holds, refinement(calendarBesideMeter))
    .meta({
      description:
        'warning_time (in warning_type) is shorter than cycle_value (in cycle_unit), both on the meter or both in time; calendar_unit and calendar_value come together, beside an operating_hours cycle only.',
    });

/** A plan belongs to its item's customer; the update keeps the customer. */
export const maintenanceBodySchema = planRules(
  z.object({ customer_id: requiredRef('validation.masterCustomerRequired'), ...planShape }).strict(),
);
export const maintenanceUpdateSchema = planRules(z.object(planShape).strict());
export type MaintenanceBody = z.input<typeof maintenanceBodySchema>;
export type MaintenanceUpdate = z.input<typeof maintenanceUpdateSchema>;

/** How many of a plan's vehicles are in each state. */
export const MAINTENANCE_STATES = ['ok', 'warning', 'due', 'overdue'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

export const maintenanceSchema = z.object({
  id: z.string(),
  customer: refSchema,
  item: refSchema,
  cycle_unit: z.enum(CYCLE_UNITS),
  cycle_value: z.number(),
  warning_time: z.number(),
  warning_type: z.enum(CYCLE_UNITS),
  calendar_unit: z.enum(CALENDAR_UNITS).nullable(),
  calendar_value: z.number().nullable(),
  description: z.string(),
  vehicle_count: z.number().int(),
  ...recordTimes,
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

export const MAINTENANCE_ORDER_COLUMNS = [
  'item',
  'customer',
  'cycle_unit',
  'vehicle_count',
  'updated_at',
] as const;
export const maintenanceListQuerySchema = listQueryOf(MAINTENANCE_ORDER_COLUMNS, {
  ...customerFilter,
  item_id: z.uuid('validation.invalid').optional(),
});
export type MaintenanceListQuery = z.infer<typeof maintenanceListQuerySchema>;

const serverTime = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .regex(SERVER_TIME_PATTERN, 'validation.invalidDate')
    .refine(isRealServerTime, 'validation.invalidDate');
const hourMeter = notNegative(num()).max(CYCLE_VALUE_MAX, 'validation.tooBig').nullable().default(null);

/**
 * A vehicle put under a plan: its comment and the last maintenance its cycle counts from (a UTC
 * server time, not in the future, and the hour meter then; none: from now and the current meter).
 */
export const maintenanceVehicleBodySchema = z
  .object({
    vehicle_id: requiredRef('validation.maintenanceVehicleRequired'),
    comment: optionalText(1000),
    last_maintenance_at: serverTime('validation.invalidDate').nullable().default(null),
    last_hour_meter: hourMeter,
  })
  .strict();
export const maintenanceVehicleUpdateSchema = maintenanceVehicleBodySchema.omit({ vehicle_id: true });
export type MaintenanceVehicleBody = z.input<typeof maintenanceVehicleBodySchema>;
export type MaintenanceVehicleUpdate = z.input<typeof maintenanceVehicleUpdateSchema>;

/** A vehicle under a plan as lists show it: its state, what is left and when it falls due. */
export const maintenanceVehicleSchema = z.object({
  maintenance: refSchema,
  vehicle: refSchema,
  customer: refSchema,
  comment: z.string(),
  last_maintenance_at: z.string().nullable(),
  last_hour_meter: z.number().nullable(),
  state: z.enum(MAINTENANCE_STATES),
  /** Operating hours left on a meter cycle (negative: past it). */
  hours_left: z.number().nullable(),
  due_at: z.string().nullable(),
  /** The vehicle's checked hour meter (initial + correction + device) and its average hours a day. */
  hour_meter: z.number().nullable(),
  daily_hours: z.number().nullable(),
  /** Hour meter readings kept aside (backwards, or more than 24 hours a day). */
  rejected_readings: z.number().int(),
  ...recordTimes,
});
export type MaintenanceVehicle = z.infer<typeof maintenanceVehicleSchema>;

export const MAINTENANCE_VEHICLE_ORDER_COLUMNS = ['vehicle', 'state', 'due_at', 'updated_at'] as const;
export const maintenanceVehicleListQuerySchema = listQueryOf(MAINTENANCE_VEHICLE_ORDER_COLUMNS, {
  state: z.enum(MAINTENANCE_STATES, 'validation.invalidEnum').optional(),
});
export type MaintenanceVehicleListQuery = z.infer<typeof maintenanceVehicleListQuerySchema>;

/** Across plans: one vehicle's (vehicle_id), or those needing attention (warning and worse). */
export const maintenanceAttentionQuerySchema = listQueryOf(MAINTENANCE_VEHICLE_ORDER_COLUMNS, {
  ...customerFilter,
  vehicle_id: z.uuid('validation.invalid').optional(),
});
export type MaintenanceAttentionQuery = z.infer<typeof maintenanceAttentionQuerySchema>;

/** A maintenance done (confirm and execute): when, the hour meter then, a comment. */
export const maintenanceExecutionBodySchema = z
  .object({
    done_at: serverTime('validation.executionTimeRequired'),
    hour_meter: hourMeter,
    comment: optionalText(1000),
  })
  .strict();
export type MaintenanceExecutionBody = z.input<typeof maintenanceExecutionBodySchema>;

export const maintenanceExecutionSchema = z.object({
  id: z.string(),
  done_at: z.string(),
  hour_meter: z.number().nullable(),
  comment: z.string(),
  recorded_by: z.string(),
  created_at: z.string(),
});
export type MaintenanceExecution = z.infer<typeof maintenanceExecutionSchema>;

/** A reading kept aside: what came, what was applied before it, and why. */
export const meterRejectSchema = z.object({
  meter: z.number(),
  read_at: z.string(),
  applied_meter: z.number(),
  applied_at: z.string(),
  problem: z.enum(['backwards', 'too_fast']),
});
export type MeterReject = z.infer<typeof meterRejectSchema>;
