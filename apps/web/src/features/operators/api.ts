// The operator calls (server modules/operators): operators, operator groups, the random video
// batch, and their query keys.
import type {
  ListParamsOf,
  Operator,
  OperatorCreateBody,
  OperatorGroup,
  OperatorGroupCreateBody,
  OperatorGroupDetail,
  OperatorGroupUpdateBody,
  OperatorUpdateBody,
  operatorGroupListQuerySchema,
  operatorListQuerySchema,
  RandomVideoBatchBody,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type OperatorListParams = ListParamsOf<typeof operatorListQuerySchema>;
export type OperatorGroupListParams = ListParamsOf<typeof operatorGroupListQuerySchema>;

const path = (id: string, rest = '') => `/operators/${encodeURIComponent(id)}${rest}`;
const groupPath = (id: string) => `/operator-groups/${encodeURIComponent(id)}`;

export const operatorKeys = {
  all: ['operators'] as const,
  list: (params: OperatorListParams) => ['operators', 'list', params] as const,
  one: (id: string) => ['operators', 'one', id] as const,
};
export const groupKeys = {
  all: ['operator-groups'] as const,
  list: (params: OperatorGroupListParams) => ['operator-groups', 'list', params] as const,
  one: (id: string) => ['operator-groups', 'one', id] as const,
};

export const fetchOperators = listFetch<Operator, OperatorListParams>('/operators');
export const fetchOperator = (id: string) => api.get<Operator>(path(id));
export const createOperator = (body: OperatorCreateBody) => api.post<Operator>('/operators', body);
export const updateOperator = (id: string, body: OperatorUpdateBody) => api.put<Operator>(path(id), body);
export const deleteOperator = (id: string) => api.delete<{ id: string }>(path(id));
export const assignGroup = (id: string, groupId: string | null) =>
  api.put<Operator>(path(id, '/group'), { group_id: groupId });
export const setRandomVideo = (body: RandomVideoBatchBody) =>
  api.put<{ updated: number }>('/operators/random-video', body);

export const fetchGroups = listFetch<OperatorGroup, OperatorGroupListParams>('/operator-groups');
export const fetchGroup = (id: string) => api.get<OperatorGroupDetail>(groupPath(id));
export const createGroup = (body: OperatorGroupCreateBody) =>
  api.post<OperatorGroupDetail>('/operator-groups', body);
export const updateGroup = (id: string, body: OperatorGroupUpdateBody) =>
  api.put<OperatorGroupDetail>(groupPath(id), body);
export const deleteGroup = (id: string) => api.delete<{ id: string }>(groupPath(id));

/** The operator groups of one company, for the forms that pick one. */
export function useGroupOptions(customerId: string | undefined) {
  const query = useQuery({
    queryKey: groupKeys.list({ order_by: 'name', customer_id: customerId }),
    queryFn: () => fetchGroups({ order_by: 'name', customer_id: customerId }),
    enabled: !!customerId,
  });
  return (query.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }));
}
