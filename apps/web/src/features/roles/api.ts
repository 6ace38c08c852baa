// The custom-role calls (server modules/roles) and their query keys.
import type { Role, RoleCreateBody, RoleUpdateBody } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListParams, listFetch } from '../../api/listQuery';

export const roleKeys = {
  all: ['roles'] as const,
  list: (params: ListParams) => ['roles', 'list', params] as const,
  one: (id: string) => ['roles', 'one', id] as const,
};

export const fetchRoles = listFetch<Role>('/roles');
export const fetchRole = (id: string) => api.get<Role>(`/roles/${encodeURIComponent(id)}`);
export const createRole = (body: RoleCreateBody) => api.post<Role>('/roles', body);
export const updateRole = (id: string, body: RoleUpdateBody) =>
  api.put<Role>(`/roles/${encodeURIComponent(id)}`, body);
export const deleteRole = (id: string) => api.delete<{ id: string }>(`/roles/${encodeURIComponent(id)}`);
