// Vehicle groups (domain spec §3 "Group"): a customer's groups of vehicles, for the screen
// /vehicle-groups and the forms and filters that pick a group. The rules live in service.ts.
import {
  vehicleGroupBodySchema,
  vehicleGroupListQuerySchema,
  vehicleGroupSchema,
  vehicleGroupUpdateSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/index.ts';
import { resource, rolesOf, routesOf } from '../../platform/routes.ts';
import { vehicleGroupService } from './service.ts';

export async function registerVehicleGroups(app: FastifyInstance, platform: Platform): Promise<void> {
  // The vehicle form and the vehicle list's filter pick a group from this list.
  const readers = [...rolesOf('vehicleGroups', 'vehicles'), 'vehicle:add', 'vehicle:edit'];
  resource(routesOf(app, platform, ['vehicle-groups']), '/vehicle-groups', {
    record: vehicleGroupSchema,
    query: vehicleGroupListQuerySchema,
    body: vehicleGroupBodySchema,
    update: vehicleGroupUpdateSchema,
    service: vehicleGroupService(platform.database),
    list: { rule: readers, summary: 'Vehicle groups, paged (filter: name or description)' },
    get: { rule: readers, summary: 'One vehicle group' },
    create: { rule: 'vehicleGroupAdd', summary: 'Create a vehicle group' },
    edit: { rule: 'vehicleGroupEdit', summary: 'Edit a vehicle group (it keeps its customer)' },
    remove: { rule: 'vehicleGroupDelete', summary: 'Delete a vehicle group that has no vehicles' },
  });
}
