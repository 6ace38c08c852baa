// Webhooks: a company's addresses that other systems give us, where the server posts what
// happens in the company's fleet as it happens (docs/decisions/2026-12-07-webhooks.md). Each
// delivery is a JSON body signed with HMAC-SHA256 by the webhook's own secret (shown once, in the
// create answer), retried with back-off, and logged with the answer of every try.
import { z } from 'zod';
import { companyListQuerySchema } from '../api/errors.ts';
import { namedRecordHead, recordTimes, refSchema } from '../api/records.ts';
import { textOptional, textRequired } from '../validation/fields.ts';

/**
 * What a webhook may receive (each kind's body: webhookBodies.ts). Each kind is published by the
 * module where it happens, through integrations' public face (`publishWebhooks`). A zone breach is
 * an event (type ZoneBreach), so it is an `event.created`.
 */
export const WEBHOOK_KINDS = [
  'event.created',
  'maintenance.due',
  'lockout.locked',
  'lockout.unlocked',
  'check.failed',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/** The kind of the "send a test" delivery: sent to one webhook on demand, never subscribed to. */
export const WEBHOOK_TEST_KIND = 'webhook.test';

/** The headers of a delivery (README, "Integrations": how a receiver checks a signature). */
export const WEBHOOK_HEADERS = {
  /** The delivery's id: the same on every try, so a receiver can drop a repeat. */
  id: 'fleetlens-webhook-id',
  /** The kind of the body (`event.created`, `webhook.test`...). */
  kind: 'fleetlens-webhook-kind',
  /** Unix seconds when this try was signed. */
  timestamp: 'fleetlens-webhook-timestamp',
  /** `v1=` and the hex HMAC-SHA256, keyed by the secret, of `<timestamp>.<body>`. */
  signature: 'fleetlens-webhook-signature',
} as const;

/** Only http and https addresses, with a host; anything else is refused with its own message. */
export const isWebhookUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const urlSchema = z
  .string('validation.webhookUrl')
  .trim()
  .max(2000, 'validation.tooLong')
  .refine(isWebhookUrl, 'validation.webhookUrl');
const kindsSchema = z
  .array(z.enum(WEBHOOK_KINDS, 'validation.webhookKinds'))
  .min(1, 'validation.webhookKinds')
  .transform((list) => [...new Set(list)].sort());

export const webhookCreateSchema = z
  .object({
    name: textRequired('validation.nameRequired', 100),
    description: textOptional(1000),
    customer_id: z.uuid('validation.companyRequired'),
    url: urlSchema,
    kinds: kindsSchema,
    enabled: z.boolean().default(true),
  })
  .strict();
export type WebhookCreateBody = z.input<typeof webhookCreateSchema>;

/** An edit changes everything but the company and the secret (a new secret is a new webhook). */
export const webhookUpdateSchema = webhookCreateSchema.omit({ customer_id: true }).strict();
export type WebhookUpdateBody = z.input<typeof webhookUpdateSchema>;

export const webhookListQuerySchema = companyListQuerySchema;

export const webhookSchema = z.object({
  ...namedRecordHead,
  url: z.string(),
  kinds: z.array(z.string()),
  enabled: z.boolean(),
  created_by: refSchema.nullable(),
  /** Only in the create answer: the signing secret, shown this once (kept sealed to sign). */
  secret: z.string().optional(),
  ...recordTimes,
});
export type Webhook = z.infer<typeof webhookSchema>;

export const WEBHOOK_DELIVERY_STATES = ['waiting', 'delivered', 'failed'] as const;

/** One try of a delivery: the receiver's status code, or why there was none. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  created_at: z.string(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({ list: z.array(webhookDeliverySchema) });
