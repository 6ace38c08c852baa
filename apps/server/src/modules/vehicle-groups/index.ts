// Vehicle groups (domain spec §3 "Group"): a customer's groups of vehicles, for the screen
// /vehicle-groups and the forms and filters that pick a group. Names are unique within a
// customer; "cannot delete a group that has vehicles" (spec §8).
import {
  listPageSchema,
  routeRoles,
  vehicleGroupBodySchema,
  vehicleGroupListQuerySchema,
  vehicleGroupSchema,
  vehicleGroupUpdateSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { deleteUnlessUsed, mustUseCustomer, type Scope, scopeOf } from '../vehicles/shared.ts';
import {
  deleteVehicleGroup,
  findVehicleGroup,
  insertVehicleGroup,
  listVehicleGroups,
  updateVehicleGroup,
} from './repository.ts';

const idParams = z.object({ id: z.uuid() });
const NAME_UNIQUE = { vehicle_groups_customer_name_key: { field: 'name', key: 'vehicleGroupNameInUse' } };

/** The group screen has no form routes of its own: its dialogs act with the group privileges. */
const groupRoles = (action: 'add' | 'edit' | 'delete') =>
  routeRoles('vehicleGroups').map((r) => (r === 'group:view' ? `group:${action}` : r));

export async function registerVehicleGroups(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle-groups'];
  const mustFind = async (scope: Scope, id: string) => found(await findVehicleGroup(database, scope, id));

  // The vehicle form and the vehicle list's filter pick a group from this list.
  const readers = [...routeRoles('vehicleGroups'), ...routeRoles('vehicles'), 'vehicle:add', 'vehicle:edit'];

  routes.get(
    '/vehicle-groups',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'Vehicle groups, paged (filter: name or description)',
        querystring: vehicleGroupListQuerySchema,
        response: { 200: envelope(listPageSchema(vehicleGroupSchema)) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      return ok(pageOf(request.query, await listVehicleGroups(database, scope, request.query)));
    },
  );

  routes.get(
    '/vehicle-groups/:id',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'One vehicle group',
        params: idParams,
        response: { 200: envelope(vehicleGroupSchema) },
      },
    },
    async (request) => ok(await mustFind(await scopeOf(database, request), request.params.id)),
  );

  routes.post(
    '/vehicle-groups',
    {
      preValidation: access({ roles: groupRoles('add') }),
      schema: {
        tags,
        summary: 'Create a vehicle group',
        body: vehicleGroupBodySchema,
        response: { 201: envelope(vehicleGroupSchema) },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(database, request);
      await mustUseCustomer(database, scope, request.body.customer_id);
      const id = await uniqueOn(NAME_UNIQUE, () => insertVehicleGroup(database, request.body));
      return reply.status(201).send(ok(await mustFind(scope, id)));
    },
  );

  routes.put(
    '/vehicle-groups/:id',
    {
      preValidation: access({ roles: groupRoles('edit') }),
      schema: {
        tags,
        summary: 'Edit a vehicle group (it keeps its customer)',
        params: idParams,
        body: vehicleGroupUpdateSchema,
        response: { 200: envelope(vehicleGroupSchema) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      const saved = await uniqueOn(NAME_UNIQUE, () =>
        updateVehicleGroup(database, scope, request.params.id, request.body),
      );
      if (!saved) throw new ApiError('notFound');
      return ok(await mustFind(scope, request.params.id));
    },
  );

  routes.delete(
    '/vehicle-groups/:id',
    {
      preValidation: access({ roles: groupRoles('delete') }),
      schema: {
        tags,
        summary: 'Delete a vehicle group that has no vehicles',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      // Other features' rows (devices) may also point at the group: the same answer.
      const result = await deleteUnlessUsed('groupHasVehicles', () =>
        deleteVehicleGroup(database, scope, request.params.id),
      );
      if (result === 'missing') throw new ApiError('notFound');
      if (result === 'has-vehicles') throw new ApiError('conflict', { messageKey: 'groupHasVehicles' });
      return ok({ id: request.params.id });
    },
  );
}
