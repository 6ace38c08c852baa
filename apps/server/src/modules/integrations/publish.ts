// The one way a module hands integrations what happened in a customer's fleet for its webhooks:
// `publishWebhooks(hub, kind, items)`, each item a customer and the kind's data (contracts
// webhookBodies.ts). Integrations makes one delivery per enabled webhook of that customer that
// receives the kind, queued with retries and logged (webhooks.service.ts). Kept per app (its hub),
// as the events' announcements are, so test apps in one process never feed each other.
import type { WebhookData, WebhookKind } from '@fleetlens/contracts';
import type { LiveHub } from '../../platform/live.ts';

/** One happening of a customer: its webhooks of the kind receive `data`, and nobody else's. */
export interface WebhookItem<K extends WebhookKind> {
  customerId: string;
  data: WebhookData[K];
}

export type WebhookPublisher = <K extends WebhookKind>(kind: K, items: WebhookItem<K>[]) => Promise<void>;

const publishers = new WeakMap<LiveHub, WebhookPublisher>();

/** Integrations' side: where the app's publications go. */
export function setWebhookPublisher(hub: LiveHub, publisher: WebhookPublisher): void {
  publishers.set(hub, publisher);
}

/**
 * Publishes happenings of `kind` to their customers' webhooks (nothing when the app runs without
 * integrations). Resolves once the deliveries are stored and queued, not sent.
 */
export async function publishWebhooks<K extends WebhookKind>(
  hub: LiveHub,
  kind: K,
  items: WebhookItem<K>[],
): Promise<void> {
  if (items.length === 0) return;
  await publishers.get(hub)?.(kind, items);
}
