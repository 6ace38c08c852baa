// Operators (drivers), operator groups and random video settings (domain spec §3, §5, §8, §9).
// The bodies the server validates with and the answers the web types with. Every required field
// has its own message (spec §5); the operator id is unique within its company ("The ID has
// already been registered", checked by the server).
import { z } from 'zod';
import { companyListQuerySchema, listQuerySchema } from '../api/errors.ts';
import { namedRecordHead, recordTimes, refSchema } from '../api/records.ts';
import { isRealDate, textOptional, textRequired } from '../validation/fields.ts';

/** Icons an operator may be shown with (drawn by the web). */
export const OPERATOR_ICONS = ['person', 'helmet', 'forklift', 'crane', 'truck', 'star'] as const;
export type OperatorIcon = (typeof OPERATOR_ICONS)[number];

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const OPERATOR_MEMOS_MAX = 4;
/** Random video: at most this many clips a week, each at most 5 minutes (spec §9 video length). */
export const RANDOM_VIDEO_PER_WEEK_MAX = 7;
export const RANDOM_VIDEO_MINUTES_MAX = 5;

/** Digits, spaces, +, -, parentheses: 3 to 32 characters. */
export const OPERATOR_PHONE_PATTERN = /^[0-9+\-() ]{3,32}$/;

/** A calendar date YYYY-MM-DD; its own message when missing. */
const requiredDate = (key: string) => z.string(key).min(1, key).refine(isRealDate, 'validation.invalidDate');

/** The random video settings of one operator (spec §3), flat so that forms name each field. */
export const randomVideoFields = {
  random_video_enabled: z.boolean().default(false),
  random_video_days: z
    .array(z.enum(WEEK_DAYS, 'validation.invalidEnum'))
    .max(7)
    .transform((days) => WEEK_DAYS.filter((d) => days.includes(d)))
    .default([]),
  random_video_per_week: z
    .number('validation.invalidNumber')
    .int()
    .min(1)
    .max(RANDOM_VIDEO_PER_WEEK_MAX)
    .default(1),
  random_video_minutes: z
    .number('validation.invalidNumber')
    .int()
    .min(1)
    .max(RANDOM_VIDEO_MINUTES_MAX)
    .default(1),
};
/** Enabled settings need at least one candidate day. */
const hasDaysWhenEnabled = (v: { random_video_enabled: boolean; random_video_days: string[] }) =>
  !v.random_video_enabled || v.random_video_days.length > 0;
const daysRule = { message: 'validation.randomVideoDays', path: ['random_video_days'] };
const DAYS_RULE = 'With random_video_enabled, random_video_days is not empty.';
/** The operator's cross-field rules in words (the refinements below). */
const operatorRules = {
  description: `license_valid_till is not before license_received_on; birth_date is not after today (UTC). ${DAYS_RULE}`,
};

const operatorFields = {
  operator_code: textRequired('validation.operatorIdRequired', 32),
  first_name: textRequired('validation.firstNameRequired', 50),
  last_name: textRequired('validation.lastNameRequired', 50),
  birth_date: requiredDate('validation.birthDateRequired'),
  address: textRequired('validation.addressRequired', 200),
  license_number: textRequired('validation.licenseNumberRequired', 32),
  license_received_on: requiredDate('validation.licenseReceivedRequired'),
  license_valid_till: requiredDate('validation.licenseExpiryRequired'),
  license_location: textRequired('validation.licenseLocationRequired', 100),
  phone: z
    .string('validation.phoneRequired')
    .trim()
    .min(1, 'validation.phoneRequired')
    .regex(OPERATOR_PHONE_PATTERN, 'validation.operatorPhone'),
  memos: z
    .array(z.string().trim().max(500, 'validation.tooLong'))
    .max(OPERATOR_MEMOS_MAX, 'validation.operatorMemos')
    .default([]),
  icon: z.enum(OPERATOR_ICONS, 'validation.invalidEnum').default('person'),
  group_id: z.uuid('validation.invalid').nullable().default(null),
  ...randomVideoFields,
};

const datesInOrder = <T extends { license_received_on: string; license_valid_till: string }>(v: T) =>
  v.license_valid_till >= v.license_received_on;
const today = () => new Date().toISOString().slice(0, 10);

export const operatorCreateSchema = z
  .object({ ...operatorFields, customer_id: z.uuid('validation.customerRequired') })
  .strict()
  .refine(datesInOrder, { message: 'validation.licenseDates', path: ['license_valid_till'] })
  .refine((v) => v.birth_date <= today(), { message: 'validation.birthDatePast', path: ['birth_date'] })
  .refine(hasDaysWhenEnabled, daysRule)
  .meta(operatorRules);
/** An operator keeps the company it was created in (its group and card belong there). */
export const operatorUpdateSchema = z
  .object(operatorFields)
  .strict()
  .refine(datesInOrder, { message: 'validation.licenseDates', path: ['license_valid_till'] })
  .refine((v) => v.birth_date <= today(), { message: 'validation.birthDatePast', path: ['birth_date'] })
  .refine(hasDaysWhenEnabled, daysRule)
  .meta(operatorRules);
export type OperatorCreateBody = z.input<typeof operatorCreateSchema>;
export type OperatorUpdateBody = z.input<typeof operatorUpdateSchema>;

export const operatorListQuerySchema = listQuerySchema.extend({
  customer_id: z.uuid().optional(),
  group_id: z.uuid().optional(),
});
/** Columns an operator list can be ordered by. */
export const OPERATOR_ORDER_COLUMNS = [
  'operator_code',
  'name',
  'group',
  'license_valid_till',
  'last_operated_at',
  'customer',
  'updated_at',
] as const;

export const operatorSchema = z.object({
  id: z.string(),
  operator_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string(),
  address: z.string(),
  license_number: z.string(),
  license_received_on: z.string(),
  license_valid_till: z.string(),
  license_location: z.string(),
  phone: z.string(),
  memos: z.array(z.string()),
  icon: z.enum(OPERATOR_ICONS),
  customer: refSchema,
  group: refSchema.nullable(),
  rfid: z.object({ id: z.string(), rfid: z.string(), assigned_from: z.string() }).nullable(),
  /** Figures the vehicles' devices report; null until they have. */
  safe_driving_seconds: z.number().int().nullable(),
  total_uptime_seconds: z.number().int().nullable(),
  last_operated_at: z.string().nullable(),
  /** The vehicles the operator is signed on to now: more than one is a conflict the console shows. */
  signed_on_vehicles: z.array(refSchema),
  random_video_enabled: z.boolean(),
  random_video_days: z.array(z.enum(WEEK_DAYS)),
  random_video_per_week: z.number().int(),
  random_video_minutes: z.number().int(),
  ...recordTimes,
});
export type Operator = z.infer<typeof operatorSchema>;

/** PUT /operators/:id/group: the group assignment screen. */
export const operatorGroupAssignSchema = z
  .object({ group_id: z.uuid('validation.invalid').nullable() })
  .strict();

/** PUT /operators/random-video: one setting for many operators, all or nothing. */
export const randomVideoBatchSchema = z
  .object({
    operator_ids: z
      .array(z.uuid('validation.invalid'), 'validation.operatorSelectionRequired')
      .min(1, 'validation.operatorSelectionRequired')
      .max(1000, 'validation.tooLong')
      .transform((ids) => [...new Set(ids)]),
    ...randomVideoFields,
  })
  .strict()
  .refine(hasDaysWhenEnabled, daysRule)
  .meta({ description: DAYS_RULE });
export type RandomVideoBatchBody = z.input<typeof randomVideoBatchSchema>;

// Operator groups (spec §3 "Group": name, description).
export const operatorGroupCreateSchema = z
  .object({
    name: textRequired('validation.operatorGroupNameRequired', 100),
    description: textOptional(1000),
    customer_id: z.uuid('validation.customerRequired'),
  })
  .strict();
export const operatorGroupUpdateSchema = operatorGroupCreateSchema.omit({ customer_id: true });
export type OperatorGroupCreateBody = z.input<typeof operatorGroupCreateSchema>;
export type OperatorGroupUpdateBody = z.input<typeof operatorGroupUpdateSchema>;

export const operatorGroupListQuerySchema = companyListQuerySchema;

export const operatorGroupSchema = z.object({
  ...namedRecordHead,
  member_count: z.number().int(),
  ...recordTimes,
});
export type OperatorGroup = z.infer<typeof operatorGroupSchema>;

export const operatorGroupDetailSchema = operatorGroupSchema.extend({
  members: z.array(z.object({ id: z.string(), operator_code: z.string(), name: z.string() })),
});
export type OperatorGroupDetail = z.infer<typeof operatorGroupDetailSchema>;

/** The operator's full name as the screens show it. */
export const operatorName = (o: { first_name: string; last_name: string }) =>
  `${o.first_name} ${o.last_name}`;
