// The custom-role calls (server modules/roles) and their query keys.
import { type ResourceListParams, roleResource } from '@fleetlens/contracts';
import { resourceApi } from '../../api/resource';

export type RoleListParams = ResourceListParams<typeof roleResource>;

export const roles = resourceApi(roleResource);
export const { keys: roleKeys, one: fetchRole, create: createRole, update: updateRole } = roles;
