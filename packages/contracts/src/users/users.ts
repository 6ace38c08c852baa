// Users as the user screens manage them (console spec §3 "user payload", §6): who they are,
// their company, system role, custom role, representative flag, download role, the e-mail
// notification flags, and whose events they are notified of (vehicle groups, event types and
// notify_event_based_on_groups).
import { z } from 'zod';
import { DOWNLOAD_ROLES, SYS_ROLES } from '../access/roles.ts';
import { listQuerySchema } from '../api/errors.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import { DEVICE_EVENT_TYPES } from '../device-link/messages.ts';
import { EMAIL_PATTERN, textRequired, USERNAME_PATTERN } from '../validation/fields.ts';

export const USER_NOTIFY_FLAGS = [
  'notify_accelerate',
  'notify_decelerate',
  'notify_impact',
  'notify_handle',
  'notify_dashboard',
  'notify_maintain',
] as const;
export type UserNotifyFlag = (typeof USER_NOTIFY_FLAGS)[number];

/**
 * Passwords set through the console follow the spec's strict rule: 8 or more characters with an
 * uppercase and a lowercase letter, a digit and a special character. (The basic rule, 6 or more,
 * is the floor the strict one contains.)
 */
export const STRICT_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,128}$/;

const notifyFields = Object.fromEntries(USER_NOTIFY_FLAGS.map((f) => [f, z.boolean().default(false)])) as {
  [K in UserNotifyFlag]: z.ZodDefault<z.ZodBoolean>;
};

/** How many vehicle groups a user may follow. */
export const USER_GROUPS_MAX = 200;

/**
 * Whose events a user is notified of: with `notify_event_based_on_groups` on, only the events of
 * the vehicles of `groups` (vehicle group ids; none: every vehicle) and of the types in
 * `event_groups` (none: every type). Personal, like the notification flags.
 */
const eventGroupFields = {
  groups: z
    .array(z.uuid('validation.groupUnknown'), 'validation.groupUnknown')
    .max(USER_GROUPS_MAX, 'validation.tooMany')
    .default([]),
  event_groups: z
    .array(z.enum(DEVICE_EVENT_TYPES, 'validation.invalidEnum'), 'validation.invalidEnum')
    .max(DEVICE_EVENT_TYPES.length)
    .default([]),
  notify_event_based_on_groups: z.boolean().default(false),
};

const userFields = {
  first_name: textRequired('validation.firstNameRequired', 100),
  last_name: textRequired('validation.lastNameRequired', 100),
  email: z
    .string('validation.emailRequired')
    .trim()
    .toLowerCase()
    .min(1, { error: 'validation.emailRequired', abort: true })
    .max(254, 'validation.email')
    .regex(EMAIL_PATTERN, 'validation.email'),
  customer_id: z.uuid('validation.companyRequired'),
  role_id: z.uuid().nullable().default(null),
  sys_role: z.enum(SYS_ROLES, 'validation.roleRequired'),
  manager: z.boolean().default(false),
  download_role: z.enum(DOWNLOAD_ROLES).default('none'),
  ...notifyFields,
  ...eventGroupFields,
};

export const userCreateSchema = z
  .object({
    ...userFields,
    username: z
      .string('validation.usernameRequired')
      .min(1, { error: 'validation.usernameRequired', abort: true })
      .regex(USERNAME_PATTERN, 'validation.username'),
    password: z
      .string('validation.passwordRequired')
      .min(1, { error: 'validation.passwordRequired', abort: true })
      .regex(STRICT_PASSWORD_PATTERN, 'validation.strictPassword'),
  })
  .strict();
/**
 * The username never changes; the password changes only when given; an access field left out
 * keeps its value (a profile edit sends only the personal fields).
 */
export const userUpdateSchema = z
  .object({
    ...userFields,
    customer_id: userFields.customer_id.optional(),
    role_id: z.uuid().nullable().optional(),
    sys_role: userFields.sys_role.optional(),
    manager: z.boolean().optional(),
    download_role: z.enum(DOWNLOAD_ROLES).optional(),
    password: z.string().regex(STRICT_PASSWORD_PATTERN, 'validation.strictPassword').optional(),
    groups: eventGroupFields.groups.unwrap().optional(),
    event_groups: eventGroupFields.event_groups.unwrap().optional(),
    notify_event_based_on_groups: z.boolean().optional(),
  })
  .strict();
export type UserCreateBody = z.input<typeof userCreateSchema>;
export type UserUpdateBody = z.input<typeof userUpdateSchema>;

export const userListQuerySchema = listQuerySchema.extend({ email: z.string().max(254).optional() });

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  customer: refSchema,
  /** The custom role, with its privileges: the console offers to change only whom the caller may. */
  role: z.object({ id: z.string(), name: z.string(), privileges: z.array(z.string()) }).nullable(),
  sys_role: z.enum(SYS_ROLES),
  manager: z.boolean(),
  download_role: z.enum(DOWNLOAD_ROLES),
  enabled: z.boolean(),
  locked: z.boolean(),
  last_login_at: z.string().nullable(),
  ...(Object.fromEntries(USER_NOTIFY_FLAGS.map((f) => [f, z.boolean()])) as {
    [K in UserNotifyFlag]: z.ZodBoolean;
  }),
  groups: z.array(refSchema),
  event_groups: z.array(z.enum(DEVICE_EVENT_TYPES)),
  notify_event_based_on_groups: z.boolean(),
  ...recordTimes,
});
export type User = z.infer<typeof userSchema>;

export const loginHistoryEntrySchema = z.object({
  succeeded: z.boolean(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  ...recordTimes,
});
export const userDetailSchema = userSchema.extend({ login_history: z.array(loginHistoryEntrySchema) });

/** GET /users/:id/login-devices: the browsers a user is signed in from, and who reset them last. */
export const loginDevicesAnswerSchema = z.object({
  devices: z.array(
    z.object({
      device_id: z.string(),
      user_agent: z.string().nullable(),
      ip: z.string().nullable(),
      created_at: z.string(),
      last_seen_at: z.string(),
    }),
  ),
  resets: z.array(
    z.object({ removed: z.number().int(), reset_by: z.string().nullable(), created_at: z.string() }),
  ),
});
export type LoginDevicesAnswer = z.infer<typeof loginDevicesAnswerSchema>;

/** One reset of a user's signed-in browsers, with who reset (GET /users/:id/login-reset-history). */
export const loginResetSchema = z.object({
  removed: z.number().int(),
  reset_by: z.string().nullable(),
  created_at: z.string(),
});
export type LoginReset = z.infer<typeof loginResetSchema>;
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntrySchema>;

/**
 * GET /users/:id/login-after-reset-history: the sign-ins since the latest device reset (all of
 * them when the user was never reset), newest first, at most LOGIN_AFTER_RESET_LIMIT.
 */
export const LOGIN_AFTER_RESET_LIMIT = 100;
export const loginAfterResetAnswerSchema = z.object({
  reset: loginResetSchema.nullable(),
  list: z.array(loginHistoryEntrySchema),
});
export type LoginAfterResetAnswer = z.infer<typeof loginAfterResetAnswerSchema>;
