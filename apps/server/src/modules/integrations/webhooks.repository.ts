// Webhooks and their deliveries in the database. The routes read within the caller's scope; the
// delivery job and the event feed read by the delivery's or the event's own customer, never wider.
import type { Webhook, WebhookDelivery } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import type { Ordering } from '../../platform/lists.ts';
import {
  columnsOf,
  deleteInScope,
  findInScope,
  firstRow,
  insertRow,
  iso,
  type OwnedRow,
  owned,
  ref,
  updateRow,
} from '../../platform/rows.repository.ts';
import { companyList, MADE_BY_COLUMNS } from './repository.ts';

const FROM = `FROM webhooks w JOIN customers c ON c.id = w.customer_id LEFT JOIN users u ON u.id = w.created_by`;
const SELECT = `
  SELECT w.id, w.name, w.description, w.url, w.kinds, w.enabled, w.created_at, w.updated_at, ${MADE_BY_COLUMNS}
    ${FROM}`;

type Row = {
  id: string;
  name: string;
  description: string;
  url: string;
  kinds: string[];
  enabled: boolean;
  creator_id: string | null;
  creator_name: string | null;
} & OwnedRow;

const toWebhook = (r: Row): Webhook => ({
  ...columnsOf(r, ['id', 'name', 'description', 'url', 'kinds', 'enabled']),
  created_by: ref(r.creator_id, r.creator_name),
  ...owned(r),
});

const ORDER: Ordering = {
  alias: 'w',
  text: ['name', 'url'],
  plain: ['created_at', 'updated_at', 'enabled'],
  by: { customer: 'lower(c.name)' },
  fallback: 'name',
};

export const listWebhooks = companyList(
  { select: SELECT, from: FROM, alias: 'w', searched: ['w.name', 'w.url', 'c.name'], order: ORDER },
  toWebhook,
);

export const findWebhook = (database: Queryable, scope: Scoped, id: string) =>
  findInScope(database, scope, SELECT, { id: 'w.id', customer: 'w.customer_id' }, id, toWebhook);

type Fields = { name: string; description: string; url: string; kinds: string[]; enabled: boolean };
/** The columns a body writes (the company only on create). */
const WRITTEN = ['name', 'description', 'url', 'kinds', 'enabled'] as const;

export const insertWebhook = (
  database: Queryable,
  body: Fields & { customer_id: string },
  createdBy: string,
  secretSealed: string,
) =>
  insertRow(database, 'webhooks', { created_by: createdBy, secret_sealed: secretSealed }, body, [
    'customer_id',
    ...WRITTEN,
  ]);

/** Changes a webhook of the caller's scope (its customer found first); false when there is none. */
export const updateWebhook = (database: Queryable, customerId: string, id: string, body: Fields) =>
  updateRow(database, 'webhooks', { customer_id: customerId, id }, body, WRITTEN);

export const deleteWebhook = (database: Queryable, scope: Scoped, id: string) =>
  deleteInScope(database, scope, 'webhooks', id);

/** Whether any company has an enabled webhook receiving `kind` (most have none: nothing to read). */
export async function anySubscribed(database: Queryable, kind: string): Promise<boolean> {
  const rows = await database.query('SELECT 1 FROM webhooks WHERE enabled AND $1 = ANY(kinds) LIMIT 1', [
    kind,
  ]);
  return rows.length > 0;
}

/** The enabled webhooks of these customers that receive `kind`. */
export function subscribedWebhooks(
  database: Queryable,
  customerIds: string[],
  kind: string,
): Promise<{ id: string; customer_id: string }[]> {
  return database.query(
    `SELECT id, customer_id FROM webhooks
      WHERE customer_id = ANY($1::uuid[]) AND enabled AND $2 = ANY(kinds)`,
    [customerIds, kind],
  );
}

/** New deliveries (one per row), waiting. */
export async function insertDeliveries(
  database: Queryable,
  rows: { id: string; customer_id: string; webhook_id: string; kind: string; body: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await database.query(
    `INSERT INTO webhook_deliveries (id, customer_id, webhook_id, kind, body)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[])`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.customer_id),
      rows.map((r) => r.webhook_id),
      rows.map((r) => r.kind),
      rows.map((r) => r.body),
    ],
  );
}

export interface DeliveryToSend {
  id: string;
  kind: string;
  body: string;
  state: string;
  url: string;
  secret_sealed: string;
}

/** A delivery with its webhook's address and sealed secret, read by the delivery's own customer. */
export const deliveryToSend = (database: Queryable, customerId: string, deliveryId: string) =>
  firstRow<DeliveryToSend>(
    database,
    `SELECT d.id, d.kind, d.body, d.state, w.url, w.secret_sealed
       FROM webhook_deliveries d JOIN webhooks w ON w.customer_id = d.customer_id AND w.id = d.webhook_id
      WHERE d.customer_id = $1 AND d.id = $2`,
    [customerId, deliveryId],
  );

/** Records one try and the delivery's state after it (a try run again keeps its latest answer). */
export async function recordAttempt(
  database: Queryable,
  customerId: string,
  deliveryId: string,
  attempt: { attempt: number; at: Date; status: number | null; error: string | null },
  state: 'waiting' | 'delivered' | 'failed',
): Promise<void> {
  await database.query(
    `WITH tried AS (
       INSERT INTO webhook_attempts (customer_id, delivery_id, attempt, at, status, error)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (customer_id, delivery_id, attempt) DO UPDATE
         SET at = EXCLUDED.at, status = EXCLUDED.status, error = EXCLUDED.error)
     UPDATE webhook_deliveries SET state = $7 WHERE customer_id = $1 AND id = $2`,
    [customerId, deliveryId, attempt.attempt, attempt.at.toISOString(), attempt.status, attempt.error, state],
  );
}

/** A webhook's latest deliveries, newest first, each with its tries in order. */
export async function deliveriesOf(
  database: Queryable,
  customerId: string,
  webhookId: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  const rows = await database.query<{
    id: string;
    kind: string;
    state: WebhookDelivery['state'];
    created_at: Date | string;
    attempts: { attempt: number; at: string; status: number | null; error: string | null }[] | null;
  }>(
    `SELECT d.id, d.kind, d.state, d.created_at,
            (SELECT json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'status', a.status,
                                               'error', a.error) ORDER BY a.attempt)
               FROM webhook_attempts a WHERE a.customer_id = d.customer_id AND a.delivery_id = d.id) AS attempts
       FROM webhook_deliveries d
      WHERE d.customer_id = $1 AND d.webhook_id = $2
      ORDER BY d.created_at DESC, d.id
      LIMIT $3`,
    [customerId, webhookId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    state: r.state,
    created_at: iso(r.created_at) ?? '',
    attempts: (r.attempts ?? []).map((a) => ({ ...a, at: iso(a.at) ?? '' })),
  }));
}
