// The audit log of administrative changes: who changed which record of
// which customer, when, and the record before and after. Admins read it (GET /audit-log).
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { RESOURCES } from '../resources/index.ts';
import { isRealServerTime, SERVER_TIME_PATTERN } from '../validation/fields.ts';

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The entities of audited writes that are not a described resource's (a resource's own is in its
 * description, resources/index.ts); modules that start recording add theirs here (and to the
 * screen's locales).
 */
const OTHER_ENTITIES = [
  'device_secret',
  'device_command',
  'sim',
  'event',
  'event_coaching_note',
  'tachograph_limits',
  'score_settings',
  'maintenance_vehicle',
  'maintenance_execution',
  'firmware',
  'firmware_rollout',
  'vehicle_lockout',
] as const;
type ResourceEntity = Extract<(typeof RESOURCES)[number], { audit: string }>['audit'];
export type AuditEntity = ResourceEntity | (typeof OTHER_ENTITIES)[number];

/** Every entity the audit log records: the described resources', then the others. */
export const AUDIT_ENTITIES: readonly AuditEntity[] = [
  ...RESOURCES.flatMap((description): ResourceEntity[] =>
    'audit' in description ? [description.audit] : [],
  ),
  ...OTHER_ENTITIES,
];
export const isAuditEntity = (value: string): value is AuditEntity =>
  (AUDIT_ENTITIES as readonly string[]).includes(value);

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
