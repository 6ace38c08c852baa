// Cases (domain spec §3, §4, §5, §9): kitting batches, in which kitting staff set up the devices of a
// customer's vehicles, and the SIM cards of those devices with their carrier states. Bodies and
// answers; the rules that need the database (case number and SIM unique, the in-progress SIM
// change) live in the server's cases module.
import { z } from 'zod';
import { companyListQuerySchema } from '../api/errors.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import { linkStateSchema } from '../device-link/states.ts';
import { deviceBodySchema } from '../devices/devices.ts';
import { notNegative, textOptional, textRequired } from '../validation/fields.ts';

/** Devices needed per case (spec §5, §9). */
export const CASE_DEVICES_MAX = 10;
/** Panic (upload) buttons a device takes. */
export const PANIC_BUTTONS_MAX = 4;
export const PANIC_VALUE_MAX = 255;
/** One value a panic (upload) button sends. */
export const panicValueSchema = notNegative(z.number('validation.invalidNumber').int()).max(PANIC_VALUE_MAX);

export const caseBodySchema = z
  .object({
    case_number: textRequired('validation.caseNumberRequired', 40),
    customer_id: z.uuid('validation.customerRequired'),
    devices_needed: z
      .number('validation.devicesNeededRequired')
      .int('validation.devicesNeeded')
      .min(1, 'validation.devicesNeeded')
      .max(CASE_DEVICES_MAX, 'validation.devicesNeeded'),
    /** The vehicles of this batch identify their operators by RFID card. */
    rfid: z.boolean().default(false),
    /** The values the device's panic (upload) buttons send; no two alike (spec §5). */
    panic_button_values: z
      .array(panicValueSchema)
      .max(PANIC_BUTTONS_MAX, 'validation.tooBig')
      .superRefine((values, ctx) => {
        values.forEach((v, i) => {
          if (values.indexOf(v) !== i)
            ctx.addIssue({ code: 'custom', message: 'validation.panicDuplicate', path: [i] });
        });
      })
      .default([]),
    /** An RFID card reader is fitted. */
    card_reader: z.boolean().default(false),
    /** The devices of this batch get SIM cards from the provider. */
    sim: z.boolean().default(false),
    /** Kitting users see the case (spec §6). */
    exposed_to_kitting: z.boolean().default(false),
  })
  .strict();
export type CaseBody = z.input<typeof caseBodySchema>;
export type CaseInput = z.output<typeof caseBodySchema>;

export const caseSchema = z.object({
  id: z.string(),
  case_number: z.string(),
  customer: refSchema,
  devices_needed: z.number().int(),
  /** Devices set up in this case (their kitting id is the case). */
  devices_registered: z.number().int(),
  /** RFID cards of the customer whose kitting id is this case number. */
  cards_registered: z.number().int(),
  rfid: z.boolean(),
  panic_button_values: z.array(z.number().int()),
  card_reader: z.boolean(),
  sim: z.boolean(),
  exposed_to_kitting: z.boolean(),
  ...recordTimes,
});
export type Case = z.infer<typeof caseSchema>;

export const CASE_ORDER_COLUMNS = [
  'case_number',
  'customer',
  'devices_needed',
  'created_at',
  'updated_at',
] as const;

/** A vehicle of the case's customer and the device registered for it in this case, if any. */
export const caseVehicleSchema = z.object({
  id: z.string(),
  name: z.string(),
  device: z
    .object({
      id: z.string(),
      device_id: z.string(),
      camera_count: z.number().int(),
      /** The case the device was set up in (this one or another), if any. */
      case: refSchema.nullable(),
    })
    .nullable(),
  /** Its device's connection and motion; null without a device or before it reported. */
  state: linkStateSchema.nullable(),
});
export type CaseVehicle = z.infer<typeof caseVehicleSchema>;

/** Registering a device for a vehicle of the case: the case gives customer, kitting id and vehicle. */
export const caseDeviceBodySchema = deviceBodySchema.omit({
  customer_id: true,
  kitting_id: true,
  vehicle_id: true,
});
export type CaseDeviceBody = z.input<typeof caseDeviceBodySchema>;

// ---- SIM settings (spec §3, §4) ----

/** SIM status (spec §4). */
export const SIM_STATUSES = ['inactive', 'active', 'suspended'] as const;
export type SimStatus = (typeof SIM_STATUSES)[number];
/** The changes asked of the carrier; while one is pending, the SIM waits (codes 106400050/51). */
export const SIM_ACTIONS = ['activate', 'suspend', 'reactivate'] as const;
export type SimAction = (typeof SIM_ACTIONS)[number];
/** Which status each action leaves, and from which status it may start. */
export const SIM_TRANSITIONS: Record<SimAction, { from: SimStatus; to: SimStatus }> = {
  activate: { from: 'inactive', to: 'active' },
  suspend: { from: 'active', to: 'suspended' },
  reactivate: { from: 'suspended', to: 'active' },
};

export const simActionBodySchema = z.object({ action: z.enum(SIM_ACTIONS) }).strict();

export const PHONE_PATTERN = /^\+?\d{6,15}$/;

export const simBodySchema = z
  .object({
    phone: z
      .string('validation.phoneRequired')
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().min(1, 'validation.phoneRequired').regex(PHONE_PATTERN, 'validation.phone')),
    apn: textOptional(100),
    user_id: textOptional(64),
    /** Absent or empty on edit: the saved password stays. */
    password: z.string().max(64, 'validation.tooLong').optional(),
  })
  .strict();
export type SimBody = z.input<typeof simBodySchema>;

export const simSchema = z.object({
  id: z.string(),
  case_id: z.string(),
  customer: refSchema,
  phone: z.string(),
  apn: z.string(),
  user_id: z.string(),
  /** Whether a password is saved; the password itself never leaves the server. */
  password_set: z.boolean(),
  status: z.enum(SIM_STATUSES),
  /** The change asked of the carrier and not answered yet. */
  pending_action: z.enum(SIM_ACTIONS).nullable(),
  requested_at: z.string().nullable(),
  device: z.object({ id: z.string(), device_id: z.string() }).nullable(),
  updated_at: z.string(),
});
export type Sim = z.infer<typeof simSchema>;

/** GET /cases: paging, order, the search box and the customer. */
export const caseListQuerySchema = companyListQuerySchema;
