// The user-management calls (server modules/users) and their query keys.
import {
  type LoginAfterResetAnswer,
  type LoginDevicesAnswer,
  type LoginHistoryEntry,
  type ResourceListParams,
  roleResource,
  type User,
  userResource,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListFetchOptions, type ListParams, listQuery } from '../../api/listQuery';
import { resourceApi } from '../../api/resource';

export type UserDetail = User & {
  login_history: { succeeded: boolean; reason: string | null; ip: string | null; created_at: string }[];
};

export type UserListParams = ResourceListParams<typeof userResource>;

export const users = resourceApi(userResource);
export const { keys: userKeys, create: createUser, update: updateUser } = users;
export const fetchUser = (id: string) => api.get<UserDetail>(users.path(id));
export const fetchCompanyRoles = (customerId: string) =>
  api.get<ListAnswer<{ id: string; name: string; privileges: string[] }>>(roleResource.path, {
    query: { customer_id: customerId, order_by: 'name' },
  });

export const fetchLoginDevices = (id: string) =>
  api.get<LoginDevicesAnswer>(users.path(id, '/login-devices'));
export const resetLoginDevices = (id: string) => api.delete<{ removed: number }>(users.path(id, '/devices'));

export const fetchLoginHistory = (
  id: string,
  kind: 'login-history' | 'login-max-error-history',
  params: ListParams,
  options?: ListFetchOptions,
) =>
  api.get<ListAnswer<LoginHistoryEntry>>(users.path(id, `/${kind}`), {
    ...options,
    query: listQuery(params),
  });
export const fetchLoginAfterReset = (id: string) =>
  api.get<LoginAfterResetAnswer>(users.path(id, '/login-after-reset-history'));
