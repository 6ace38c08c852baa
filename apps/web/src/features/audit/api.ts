// The audit log's call (server modules/audit) and its query keys.
import type { AuditEntry, auditListQuerySchema, ListParamsOf } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListFetchOptions, listQuery } from '../../api/listQuery';

export type AuditParams = ListParamsOf<typeof auditListQuerySchema>;
/** An entry with a string id, as the list hooks key rows. */
export type AuditRow = Omit<AuditEntry, 'id'> & { id: string };

export const auditKeys = {
  list: (params: AuditParams) => ['audit', 'list', params] as const,
};

export const fetchAudit = async (
  params: AuditParams,
  options?: ListFetchOptions,
): Promise<ListAnswer<AuditRow>> => {
  const page = await api.get<ListAnswer<AuditEntry>>('/audit-log', { ...options, query: listQuery(params) });
  return { ...page, list: page.list.map((e) => ({ ...e, id: String(e.id) })) };
};
