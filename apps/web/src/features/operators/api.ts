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
import { api } from '../../api/client';
import { nameOptions, resourceApi, useResourceRows } from '../../api/resource';

export type OperatorListParams = ListParamsOf<typeof operatorListQuerySchema>;
export type OperatorGroupListParams = ListParamsOf<typeof operatorGroupListQuerySchema>;

export const operators = resourceApi<Operator, OperatorListParams, OperatorCreateBody, OperatorUpdateBody>(
  '/operators',
);
export const { keys: operatorKeys, list: fetchOperators, one: fetchOperator } = operators;
export const { create: createOperator, update: updateOperator } = operators;
export const assignGroup = (id: string, groupId: string | null) =>
  api.put<Operator>(operators.path(id, '/group'), { group_id: groupId });
export const setRandomVideo = (body: RandomVideoBatchBody) =>
  api.put<{ updated: number }>('/operators/random-video', body);

// A group's detail (its members) answers the one, the create and the update.
export const operatorGroups = resourceApi<
  OperatorGroup,
  OperatorGroupListParams,
  OperatorGroupCreateBody,
  OperatorGroupUpdateBody
>('/operator-groups');
export const { keys: groupKeys, list: fetchGroups } = operatorGroups;
export const fetchGroup = (id: string) => api.get<OperatorGroupDetail>(operatorGroups.path(id));
export const createGroup = (body: OperatorGroupCreateBody) =>
  api.post<OperatorGroupDetail>('/operator-groups', body);
export const updateGroup = (id: string, body: OperatorGroupUpdateBody) =>
  api.put<OperatorGroupDetail>(operatorGroups.path(id), body);

/** The operator groups of one company, for the forms that pick one. */
export const useGroupOptions = (customerId: string | undefined) =>
  nameOptions(useResourceRows(operatorGroups, { order_by: 'name', customer_id: customerId }, !!customerId));
