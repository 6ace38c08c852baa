// The audit log of administrative changes: who changed which record of
// which customer, when, and the record before and after. Admins read it (GET /audit-log).
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { isRealServerTime, SERVER_TIME_PATTERN } from '../validation/fields.ts';

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The entities recorded so far; modules that start recording add theirs here (and to the screen's locales). */
export const AUDIT_ENTITIES = [
  'customer',
  'role',
  'user',
  'notification',
  'manufacturer',
  'vehicle_model',
  'vehicle_group',
  'vehicle',
  'device',
  'device_secret',
  'device_command',
  'case',
  'sim',
  'operator',
  'operator_group',
  'rfid',
  'event',
  'event_coaching_note',
  'tachograph_limits',
  'maintenance_item',
  'maintenance',
  'maintenance_vehicle',
  'maintenance_execution',
  'firmware',
  'firmware_rollout',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

const serverTime = z
  .string()
  .regex(SERVER_TIME_PATTERN, 'validation.invalidDate')
  .refine(isRealServerTime, 'validation.invalidDate');

/** GET /audit-log: newest first; entity, a time window (UTC server times, `from` ≤ t < `to`), free text on actor and record id. */
export const auditListQuerySchema = listQuerySchema.extend({
  entity: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'validation.invalidEnum')
    .optional(),
  from: serverTime.optional(),
  to: serverTime.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
