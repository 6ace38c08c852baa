// The custom-role calls (server modules/roles) and their query keys.
import type {
  ListParamsOf,
  Role,
  RoleCreateBody,
  RoleUpdateBody,
  roleListQuerySchema,
} from '@fleetlens/contracts';
import { resourceApi } from '../../api/resource';

export type RoleListParams = ListParamsOf<typeof roleListQuerySchema>;

export const roles = resourceApi<Role, RoleListParams, RoleCreateBody, RoleUpdateBody>('/roles');
export const { keys: roleKeys, one: fetchRole, create: createRole, update: updateRole } = roles;
