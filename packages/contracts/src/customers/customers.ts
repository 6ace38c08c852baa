// Customers (domain spec §3): companies with parent and sub companies, their function toggles,
// download types, live-camera limits and other flags. The create/edit body, the live-settings
// body and the answers; the server validates with these, the web's forms type with them.
import { z } from 'zod';
import { CUSTOMER_FUNCTIONS } from '../access/roles.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import { EXTERNAL_LINK_PATTERN, notNegative, textRequired } from '../validation/fields.ts';

/** STK user: a lowercase English letter, then lowercase letters and digits (spec §5, e.g. f1a2). */
export const STK_USER_PATTERN = /^[a-z][a-z0-9]{0,31}$/;

/** The seven download types a customer may be given (spec §3). */
export const CUSTOMER_DOWNLOAD_TYPES = [
  'vehicle-daily-duration',
  'operator-daily-duration',
  'vehicle-event-count',
  'operator-event-count',
  'vehicle-driving-info',
  'event-list',
  'user-daily-login',
] as const;
export type CustomerDownloadType = (typeof CUSTOMER_DOWNLOAD_TYPES)[number];

/** The other flags of spec §3, each a yes/no. */
export const CUSTOMER_FLAGS = [
  'with_provider_registration',
  'staging',
  'auto_add_group',
  'batch_process',
  'high_precision_gps',
  'sync_rfid',
  'copy_data',
  'sync_other_system',
  'force_mfa',
] as const;
export type CustomerFlag = (typeof CUSTOMER_FLAGS)[number];

const flagFields = Object.fromEntries(CUSTOMER_FLAGS.map((flag) => [flag, z.boolean().default(false)])) as {
  [K in CustomerFlag]: z.ZodDefault<z.ZodBoolean>;
};

export const customerBodySchema = z
  .object({
    name: textRequired('validation.customerNameRequired', 100),
    description: textRequired('validation.customerDescriptionRequired', 1000),
    stk_user: z
      .string('validation.stkUserRequired')
      .trim()
      .min(1, { error: 'validation.stkUserRequired', abort: true })
      .regex(STK_USER_PATTERN, 'validation.stkUser'),
    realm: textRequired('validation.realmRequired', 64),
    enabled: z.boolean().default(true),
    parent_id: z.uuid().nullable().default(null),
    document_url: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === '' || EXTERNAL_LINK_PATTERN.test(v), 'validation.externalLink')
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .default(null),
    functions: z.array(z.enum(CUSTOMER_FUNCTIONS)).default([]),
    download_types: z.array(z.enum(CUSTOMER_DOWNLOAD_TYPES)).default([]),
    random_video_max_seconds: notNegative(z.number().int()).max(3600).default(60),
    ...flagFields,
  })
  .strict();
export type CustomerBody = z.input<typeof customerBodySchema>;

/** A live-camera limit as the console enters it, in minutes (kept in seconds, below). */
export const LIVE_LIMIT_MINUTES_MAX = 31 * 24 * 60;
export const liveLimitMinutesSchema = notNegative(z.number()).max(LIVE_LIMIT_MINUTES_MAX);
/** The longest continuous live view as the console enters it: one minute to a day. */
export const LIVE_CONTINUOUS_MINUTES_MAX = 24 * 60;
export const liveContinuousMinutesSchema = z.number().min(1).max(LIVE_CONTINUOUS_MINUTES_MAX);

export const customerLiveSettingsSchema = z
  .object({
    live_continuous_seconds: z.number().int().min(1).max(86_400),
    live_monthly_max_seconds: notNegative(z.number().int()).max(31 * 86_400),
    live_remaining_seconds: notNegative(z.number().int()).max(31 * 86_400),
  })
  .strict()
  .refine((v) => v.live_remaining_seconds <= v.live_monthly_max_seconds, {
    message: 'validation.remainingOverMax',
    path: ['live_remaining_seconds'],
  })
  .meta({ description: 'live_remaining_seconds is at most live_monthly_max_seconds.' });
export type CustomerLiveSettings = z.infer<typeof customerLiveSettingsSchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  stk_user: z.string(),
  realm: z.string(),
  enabled: z.boolean(),
  is_provider: z.boolean(),
  parent: refSchema.nullable(),
  sub_companies: z.array(refSchema),
  document_url: z.string().nullable(),
  functions: z.array(z.string()),
  download_types: z.array(z.string()),
  random_video_max_seconds: z.number().int(),
  live_continuous_seconds: z.number().int(),
  live_monthly_max_seconds: z.number().int(),
  live_remaining_seconds: z.number().int(),
  ...(Object.fromEntries(CUSTOMER_FLAGS.map((flag) => [flag, z.boolean()])) as {
    [K in CustomerFlag]: z.ZodBoolean;
  }),
  ...recordTimes,
});
export type Customer = z.infer<typeof customerSchema>;

/** The columns a customer list can be ordered by. */
export const CUSTOMER_ORDER_COLUMNS = ['name', 'stk_user', 'created_at', 'updated_at'] as const;
