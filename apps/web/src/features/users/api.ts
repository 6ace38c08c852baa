// The user-management calls (server modules/users) and their query keys.
import type {
  ListParamsOf,
  LoginAfterResetAnswer,
  LoginDevicesAnswer,
  LoginHistoryEntry,
  User,
  UserCreateBody,
  UserUpdateBody,
  userListQuerySchema,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import {
  type ListAnswer,
  type ListFetchOptions,
  type ListParams,
  listFetch,
  listQuery,
} from '../../api/listQuery';

export type UserDetail = User & {
  login_history: { succeeded: boolean; reason: string | null; ip: string | null; created_at: string }[];
};

export type UserListParams = ListParamsOf<typeof userListQuerySchema>;

export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  one: (id: string) => ['users', 'one', id] as const,
};

export const fetchUsers = listFetch<User, UserListParams>('/users');
export const fetchUser = (id: string) => api.get<UserDetail>(`/users/${encodeURIComponent(id)}`);
export const createUser = (body: UserCreateBody) => api.post<User>('/users', body);
export const updateUser = (id: string, body: UserUpdateBody) =>
  api.put<User>(`/users/${encodeURIComponent(id)}`, body);
export const fetchCompanyRoles = (customerId: string) =>
  api.get<ListAnswer<{ id: string; name: string; privileges: string[] }>>('/roles', {
    query: { customer_id: customerId, order_by: 'name' },
  });

export const fetchLoginDevices = (id: string) =>
  api.get<LoginDevicesAnswer>(`/users/${encodeURIComponent(id)}/login-devices`);
export const resetLoginDevices = (id: string) =>
  api.delete<{ removed: number }>(`/users/${encodeURIComponent(id)}/devices`);

export const fetchLoginHistory = (
  id: string,
  kind: 'login-history' | 'login-max-error-history',
  params: ListParams,
  options?: ListFetchOptions,
) =>
  api.get<ListAnswer<LoginHistoryEntry>>(`/users/${encodeURIComponent(id)}/${kind}`, {
    ...options,
    query: listQuery(params),
  });
export const fetchLoginAfterReset = (id: string) =>
  api.get<LoginAfterResetAnswer>(`/users/${encodeURIComponent(id)}/login-after-reset-history`);
