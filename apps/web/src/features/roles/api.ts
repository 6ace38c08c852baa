// The custom-role calls (server modules/roles) and their query keys.
import type {
  ListParamsOf,
  Role,
  RoleCreateBody,
  RoleUpdateBody,
  roleListQuerySchema,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type RoleListParams = ListParamsOf<typeof roleListQuerySchema>;

export const roleKeys = {
  all: ['roles'] as const,
  list: (params: RoleListParams) => ['roles', 'list', params] as const,
  one: (id: string) => ['roles', 'one', id] as const,
};

export const fetchRoles = listFetch<Role, RoleListParams>('/roles');
export const fetchRole = (id: string) => api.get<Role>(`/roles/${encodeURIComponent(id)}`);
export const createRole = (body: RoleCreateBody) => api.post<Role>('/roles', body);
export const updateRole = (id: string, body: RoleUpdateBody) =>
  api.put<Role>(`/roles/${encodeURIComponent(id)}`, body);
export const deleteRole = (id: string) => api.delete<{ id: string }>(`/roles/${encodeURIComponent(id)}`);
