// Reading the audit log (platform/audit.ts writes it). Within the caller's scope like every
// customer-owned read, though only admins (who see every customer) reach it today.
import type { AuditEntry, AuditListQuery } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';

/** A row of audit_log with its company's name; ids and jsonb as the driver answers them. */
type Row = Pick<AuditEntry, 'entity' | 'entity_id' | 'action'> & {
  id: string | number;
  created_at: Date | string;
  actor_id: string | null;
  actor_name: string;
  customer_id: string | null;
  customer_name: string | null;
  before: AuditEntry['before'] | string;
  after: AuditEntry['after'] | string;
};
const json = (v: AuditEntry['before'] | string) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));
const utc = (v: string | undefined) => (v ? `${v.length === 16 ? `${v}:00` : v}+00` : null);

function toEntry(r: Row): AuditEntry {
  return {
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    actor: { id: r.actor_id ?? null, name: r.actor_name },
    customer: r.customer_id ? { id: r.customer_id, name: r.customer_name ?? '' } : null,
    entity: r.entity,
    entity_id: String(r.entity_id),
    action: r.action,
    before: json(r.before),
    after: json(r.after),
  };
}

export async function listAudit(
  database: DatabaseHandle,
  scope: Scoped,
  query: AuditListQuery,
): Promise<{ list: AuditEntry[]; total: number }> {
  const where = `WHERE ${scope.inScope('a.customer_id', 1)}
    AND ($2::text IS NULL OR a.entity = $2)
    AND ($3::timestamptz IS NULL OR a.created_at >= $3)
    AND ($4::timestamptz IS NULL OR a.created_at < $4)
    AND ($5::text IS NULL OR lower(a.actor_name) LIKE $5 OR lower(a.entity_id) LIKE $5 OR lower(c.name) LIKE $5)`;
  const params = [
    scope.customerIds,
    query.entity ?? null,
    utc(query.from),
    utc(query.to),
    likePattern(query.filter),
  ];
  const sql = {
    select: `SELECT a.id, a.created_at, a.actor_id, a.actor_name, a.customer_id, a.entity, a.entity_id, a.action,
            a.before, a.after, c.name AS customer_name FROM audit_log a LEFT JOIN customers c ON c.id = a.customer_id`,
    count: 'FROM audit_log a LEFT JOIN customers c ON c.id = a.customer_id',
    where,
    order: ORDER,
  };
  return pageRows(database, sql, params, { ...query, order_by: 'created_at' }, toEntry);
}

/** Newest first unless asked, the id breaking ties the same way (entries of one transaction). */
const ORDER: Ordering = {
  alias: 'a',
  plain: ['created_at'],
  fallback: 'created_at',
  descending: true,
  tiesFollow: true,
};
