// Reading the audit log (platform/audit.ts writes it). Within the caller's scope like every
// customer-owned read, though only admins (who see every customer) reach it today.
import type { AuditEntry, AuditListQuery } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { likePattern, pageWindow } from '../../platform/lists.ts';

type Row = Record<string, unknown>;
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null)) as AuditEntry['before'];
const utc = (v: string | undefined) => (v ? `${v.length === 16 ? `${v}:00` : v}+00` : null);

function toEntry(r: Row): AuditEntry {
  return {
    id: Number(r.id),
    created_at: new Date(r.created_at as string).toISOString(),
    actor: { id: (r.actor_id as string | null) ?? null, name: String(r.actor_name) },
    customer: r.customer_id ? { id: String(r.customer_id), name: String(r.customer_name ?? '') } : null,
    entity: String(r.entity),
    entity_id: String(r.entity_id),
    action: r.action as AuditEntry['action'],
    before: json(r.before),
    after: json(r.after),
  };
}

export async function listAudit(
  database: DatabaseHandle,
  scope: string[] | null,
  query: AuditListQuery,
): Promise<{ list: AuditEntry[]; total: number }> {
  const where = `WHERE ($1::uuid[] IS NULL OR a.customer_id = ANY($1))
    AND ($2::text IS NULL OR a.entity = $2)
    AND ($3::timestamptz IS NULL OR a.created_at >= $3)
    AND ($4::timestamptz IS NULL OR a.created_at < $4)
    AND ($5::text IS NULL OR lower(a.actor_name) LIKE $5 OR lower(a.entity_id) LIKE $5 OR lower(c.name) LIKE $5)`;
  const params = [scope, query.entity ?? null, utc(query.from), utc(query.to), likePattern(query.filter)];
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const from = 'FROM audit_log a LEFT JOIN customers c ON c.id = a.customer_id';
  const rows = await database.query<Row>(
    `SELECT a.*, c.name AS customer_name ${from} ${where}
      ORDER BY a.created_at ${direction}, a.id ${direction} LIMIT $6 OFFSET $7`,
    [...params, ...pageWindow(query)],
  );
  const [count] = await database.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${where}`, params);
  return { list: rows.map(toEntry), total: count?.n ?? 0 };
}
