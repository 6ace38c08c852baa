// The operator calls (server modules/operators): operators, operator groups, the random video
// batch, and their query keys.
import {
  type Operator,
  operatorGroupResource,
  operatorResource,
  type RandomVideoBatchBody,
  type ResourceListParams,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { nameOptions, resourceApi, useResourceRows } from '../../api/resource';

export type OperatorListParams = ResourceListParams<typeof operatorResource>;
export type OperatorGroupListParams = ResourceListParams<typeof operatorGroupResource>;

export const operators = resourceApi(operatorResource);
export const { keys: operatorKeys, list: fetchOperators, one: fetchOperator } = operators;
export const { create: createOperator, update: updateOperator } = operators;
export const assignGroup = (id: string, groupId: string | null) =>
  api.put<Operator>(operators.path(id, '/group'), { group_id: groupId });
export const setRandomVideo = (body: RandomVideoBatchBody) =>
  api.put<{ updated: number }>('/operators/random-video', body);

// A group's detail (its members) answers the one, the create and the update.
export const operatorGroups = resourceApi(operatorGroupResource);
export const { keys: groupKeys, list: fetchGroups, one: fetchGroup } = operatorGroups;
export const { create: createGroup, update: updateGroup } = operatorGroups;

/** The operator groups of one company, for the forms that pick one. */
export const useGroupOptions = (customerId: string | undefined) =>
  nameOptions(useResourceRows(operatorGroups, { order_by: 'name', customer_id: customerId }, !!customerId));
