// What each kind of webhook delivery carries (README "Webhooks", and the OpenAPI document's
// `webhooks`, generated from these schemas). A body is `{id, kind, created_at, customer_id, data}`,
// `data` of the kind's own shape, and only ever the data of the customer it names: a company's
// webhook is sent its own company's happenings, never a parent's or a child's.
import { z } from 'zod';
import { refSchema } from '../api/records.ts';
import { eventSchema } from '../events/events.ts';
import { lockoutSchema } from '../lockouts/lockouts.ts';
import { MAINTENANCE_STATES } from '../maintenance/maintenance.ts';
import { WEBHOOK_TEST_KIND, type WebhookKind } from './webhooks.ts';

/** An event as `GET /events/{id}` answers it, less the console's view counters. */
export const webhookEventSchema = eventSchema.omit({ view_count: true, viewer_count: true });

/** A vehicle's maintenance that entered its warning window, fell due, or went overdue. */
const maintenanceDueSchema = z.object({
  maintenance: refSchema.meta({ description: 'The plan: its id and its master item name' }),
  vehicle: refSchema,
  state: z.enum(MAINTENANCE_STATES.filter((s) => s !== 'ok') as ['warning', 'due', 'overdue']),
  /** When it falls (fell) due, UTC ISO 8601, to the hour; null when only the meter says. */
  due_at: z.string().nullable(),
  /** Operating hours left on a meter cycle (negative: past it); null on a calendar cycle. */
  hours_left: z.number().nullable(),
});

/**
 * A pre-shift check an operator failed: the check, its vehicle, the operator, the items that
 * failed (as the checklist read when answered), and whether a critical one locked the vehicle.
 */
export const webhookCheckSchema = z.object({
  id: z.string(),
  vehicle: refSchema,
  operator: refSchema.nullable(),
  /** When the operator finished the check, UTC ISO 8601. */
  done_at: z.string(),
  failed_items: z.array(z.object({ text: z.string(), critical: z.boolean(), note: z.string() })).min(1),
  /** A critical item failed: the vehicle is locked until a supervisor releases it. */
  locked: z.boolean(),
});
export type WebhookCheck = z.infer<typeof webhookCheckSchema>;

/** The `data` of each kind (and of the test delivery). */
export const WEBHOOK_DATA = {
  'event.created': z.object({ event: webhookEventSchema }),
  'maintenance.due': maintenanceDueSchema,
  'lockout.locked': z.object({ lockout: lockoutSchema }),
  'lockout.unlocked': z.object({ lockout: lockoutSchema }),
  'check.failed': z.object({ check: webhookCheckSchema }),
  [WEBHOOK_TEST_KIND]: z.object({ webhook: refSchema }),
} satisfies Record<WebhookKind | typeof WEBHOOK_TEST_KIND, z.ZodType>;
export type WebhookData = { [K in keyof typeof WEBHOOK_DATA]: z.infer<(typeof WEBHOOK_DATA)[K]> };

/** What each kind says, for the OpenAPI document and the integrator's guide. */
export const WEBHOOK_KIND_SUMMARIES: Record<keyof typeof WEBHOOK_DATA, string> = {
  'event.created':
    "A device's event was stored: harsh driving, an impact, a zone breach... (not video asked for)",
  'maintenance.due': "A vehicle's maintenance entered its warning window, fell due, or went overdue",
  'lockout.locked':
    'An impact at or above its vehicle group level, or a failed critical item of a pre-shift check, locked the vehicle',
  'lockout.unlocked': 'A supervisor released a locked vehicle, with the reason and who did',
  'check.failed': "An operator's pre-shift check of a vehicle failed: the items that failed",
  [WEBHOOK_TEST_KIND]: 'Sent by "Send a test" to one webhook, enabled or not; never subscribed to',
};

/** The whole body of a delivery of `kind`. */
export const webhookBodySchema = <K extends keyof typeof WEBHOOK_DATA>(kind: K) =>
  z.object({
    /** The delivery's id (also the FleetLens-Webhook-Id header): drop a repeat by it. */
    id: z.string(),
    kind: z.literal(kind),
    created_at: z.string(),
    customer_id: z.string(),
    data: WEBHOOK_DATA[kind],
  });
