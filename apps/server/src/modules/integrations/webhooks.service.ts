// The rules of webhooks (docs/decisions/2026-12-07-webhooks.md): a company's managers register an
// http(s) address for kinds of happenings; its signing secret is answered once and kept sealed.
// What happens in a company becomes one delivery per subscribed webhook of that company only, its
// body stored as it is signed, and sent by the queue's job: a try that is not answered 2xx is
// retried with back-off, every try logged with its status code or error.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  type EventDto,
  WEBHOOK_DATA,
  WEBHOOK_HEADERS,
  WEBHOOK_TEST_KIND,
  type WebhookKind,
  type webhookCreateSchema,
  webhookResource,
  type webhookUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import type { JobQueue, RunningQueuedJob } from '../../platform/queue.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import { openText, sealText } from '../../platform/secrets.ts';
import { eventsByIds } from '../events/public.ts';
import type { WebhookItem } from './publish.ts';
import { newWebhookSecret, webhookSignature } from './secrets.ts';
import { isPrivateAddress, isPrivateTarget, PRIVATE_TARGET, publicOnlyLookup } from './targets.ts';
import {
  anySubscribed,
  deleteWebhook,
  deliveriesOf,
  deliveryToSend,
  findWebhook,
  insertDeliveries,
  insertWebhook,
  listWebhooks,
  recordAttempt,
  subscribedWebhooks,
  updateWebhook,
} from './webhooks.repository.ts';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** The server_secrets key that seals the webhooks' secrets. */
const SEAL_KEY = 'webhook_secret_key';
/** How many deliveries the log shows, newest first. */
const LOG_LENGTH = 50;
/** Events that are video asked for (on demand, random), not something that happened. */
const NOT_HAPPENINGS = new Set(['clip', 'Random']);

export interface WebhookJob {
  deliveryId: string;
}

export interface WebhookOptions {
  retryLimit: number;
  timeoutSeconds: number;
  /** The clock: a delivery's time and each try's timestamp. */
  now?: () => Date;
  /** Whether addresses on private networks may be posted to (WEBHOOK_PRIVATE_TARGETS). */
  allowPrivate: boolean;
}

const webhookWrites = recordWrites(webhookResource);

export function webhookService(database: DatabaseHandle, queue: JobQueue, options: WebhookOptions) {
  const writes = webhookWrites(database);
  const now = options.now ?? (() => new Date());
  const { get, list } = scopedReads(database, findWebhook, listWebhooks);

  /** Refuses an address on a private network, unless the deployment allows them. */
  async function mayTarget(url: string) {
    if (!options.allowPrivate && (await isPrivateTarget(url)))
      throw new ApiError('validation', { fields: [{ field: 'url', key: 'webhookPrivateAddress' }] });
  }

  /** Stores one delivery per (webhook, body) and queues its job. */
  async function deliver(
    items: { webhookId: string; customerId: string; kind: string; data: unknown }[],
  ): Promise<string[]> {
    if (items.length === 0) return [];
    const rows = items.map((item) => {
      const id = randomUUID();
      const body = JSON.stringify({
        id,
        kind: item.kind,
        created_at: now().toISOString(),
        customer_id: item.customerId,
        data: item.data,
      });
      return { id, customer_id: item.customerId, webhook_id: item.webhookId, kind: item.kind, body };
    });
    await insertDeliveries(database, rows);
    await queue.enqueueMany<WebhookJob>(
      WEBHOOK_QUEUE,
      rows.map((row) => ({
        data: { deliveryId: row.id },
        options: { customerId: row.customer_id, key: row.id, label: `${row.kind} ${row.id}` },
      })),
    );
    return rows.map((row) => row.id);
  }

  /**
   * Happenings of `kind`: each to its own customer's enabled webhooks of the kind, never wider.
   * Its data is read through the kind's schema, so a body holds what the guide says and no more.
   */
  async function publish<K extends WebhookKind>(kind: K, items: WebhookItem<K>[]) {
    if (items.length === 0 || !(await anySubscribed(database, kind))) return;
    const customers = [...new Set(items.map((item) => item.customerId))];
    const hooks = await subscribedWebhooks(database, customers, kind);
    if (hooks.length === 0) return;
    const bodies = items.map((item) => ({ ...item, data: WEBHOOK_DATA[kind].parse(item.data) }));
    await deliver(
      hooks.flatMap((hook) =>
        bodies
          .filter((item) => item.customerId === hook.customer_id)
          .map((item) => ({ webhookId: hook.id, customerId: hook.customer_id, kind, data: item.data })),
      ),
    );
  }

  return {
    get,
    list,

    async create(access: RequestAccess, body: z.output<typeof webhookCreateSchema>) {
      // A company the caller may not see is answered like one that does not exist.
      await access.mustUseCustomer(body.customer_id);
      await mayTarget(body.url);
      const secret = newWebhookSecret();
      const sealed = await sealText(database, SEAL_KEY, secret);
      const id = await writes.create(access, (tx) =>
        insertWebhook(tx, body, access.principal.userId, sealed),
      );
      return { ...(await get(access, id)), secret };
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof webhookUpdateSchema>) {
      const { customer } = await get(access, id);
      await mayTarget(body.url);
      await writes.update(access, id, (tx) => updateWebhook(tx, customer.id, id, body));
      return get(access, id);
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, async (tx) => deleteWebhook(tx, access, id));
      return { id };
    },

    /** A webhook's latest deliveries with each try (the caller's scope). */
    async deliveries(scope: Scoped, id: string) {
      const webhook = await get(scope, id);
      return { list: await deliveriesOf(database, webhook.customer.id, id, LOG_LENGTH) };
    },

    /** Queues a test delivery to one webhook, enabled or not; answers its id. */
    async test(scope: Scoped, id: string) {
      const webhook = await get(scope, id);
      const [deliveryId = ''] = await deliver([
        {
          webhookId: id,
          customerId: webhook.customer.id,
          kind: WEBHOOK_TEST_KIND,
          data: { webhook: { id, name: webhook.name } },
        },
      ]);
      return { id: deliveryId };
    },

    publish,

    /** New events (the events' announcement), as `event.created`. */
    async eventsCreated(eventIds: string[]) {
      if (!(await anySubscribed(database, 'event.created'))) return;
      const events = (await eventsByIds(database, eventIds)).filter((e) => !NOT_HAPPENINGS.has(e.type));
      await publish(
        'event.created',
        events.map((event) => ({ customerId: event.customer.id, data: { event: eventBody(event) } })),
      );
    },

    /** The queue's job: one try of a delivery, logged; a refused try throws, so the queue retries. */
    async run(job: RunningQueuedJob<WebhookJob>) {
      const customerId = job.customerId;
      if (!customerId) return { skipped: 'no customer' };
      const delivery = await deliveryToSend(database, customerId, job.data.deliveryId);
      // Its webhook was deleted meanwhile (the delivery with it): nothing to send.
      if (delivery?.state !== 'waiting') return { skipped: delivery?.state ?? 'deleted' };
      const secret = await openText(database, SEAL_KEY, delivery.secret_sealed);
      const at = now();
      const outcome = await post(delivery, secret, at, options, job.signal);
      const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
      const last = job.attempt >= options.retryLimit;
      await recordAttempt(
        database,
        customerId,
        delivery.id,
        { attempt: job.attempt + 1, at, ...outcome },
        ok ? 'delivered' : last ? 'failed' : 'waiting',
      );
      if (!ok) throw new Error(outcome.error ?? `answered ${outcome.status}`);
      return { status: outcome.status };
    },
  };
}

/** What a webhook carries of an event: the event as the API answers it, less the console's counters. */
function eventBody(event: EventDto) {
  const { view_count: _views, viewer_count: _viewers, ...rest } = event;
  return rest;
}

/** One signed POST of a delivery: the receiver's status code, or why there was none. */
async function post(
  delivery: { id: string; kind: string; body: string; url: string },
  secret: string,
  at: Date,
  options: { timeoutSeconds: number; allowPrivate: boolean },
  signal: AbortSignal,
): Promise<{ status: number | null; error: string | null }> {
  const timestamp = Math.floor(at.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'FleetLens-Webhooks/1',
    [WEBHOOK_HEADERS.id]: delivery.id,
    [WEBHOOK_HEADERS.kind]: delivery.kind,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, timestamp, delivery.body),
  };
  const timeout = AbortSignal.timeout(options.timeoutSeconds * 1000);
  try {
    const target = new URL(delivery.url);
    // An address given as an IP is not looked up: it is checked here; a name, as it resolves.
    if (!options.allowPrivate && isPrivateAddress(target.hostname))
      return { status: null, error: PRIVATE_TARGET };
    const status = await postOnce(target, headers, delivery.body, {
      signal: AbortSignal.any([signal, timeout]),
      lookup: options.allowPrivate ? undefined : publicOnlyLookup,
    });
    return { status, error: null };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = timeout.aborted ? 'timeout' : (code ?? (error as Error).message);
    return { status: null, error: String(reason).slice(0, 500) };
  }
}

/** A POST by node's own client, whose connection takes a lookup; redirects are not followed. */
function postOnce(
  target: URL,
  headers: Record<string, string>,
  body: string,
  options: { signal: AbortSignal; lookup: LookupFunction | undefined },
): Promise<number> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: options.signal,
        ...(options.lookup ? { lookup: options.lookup } : {}),
      },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export type WebhookService = ReturnType<typeof webhookService>;
