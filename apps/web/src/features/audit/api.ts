// The audit log's call (server modules/audit) and its query keys.
import type { AuditEntry } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListParams, listQuery } from '../../api/listQuery';

export type AuditParams = ListParams & { entity?: string; from?: string; to?: string };
/** An entry with a string id, as the list hooks key rows. */
export type AuditRow = Omit<AuditEntry, 'id'> & { id: string };

export const auditKeys = {
  list: (params: AuditParams) => ['audit', 'list', params] as const,
};

export const fetchAudit = async ({
  entity,
  from,
  to,
  ...params
}: AuditParams): Promise<ListAnswer<AuditRow>> => {
  const page = await api.get<ListAnswer<AuditEntry>>('/audit-log', {
    query: {
      ...listQuery(params),
      entity: entity || undefined,
      from: from || undefined,
      to: to || undefined,
    },
  });
  return { ...page, list: page.list.map((e) => ({ ...e, id: String(e.id) })) };
};
