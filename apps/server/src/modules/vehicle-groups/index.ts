// Vehicle groups (domain spec §3 "Group"): a customer's groups of vehicles, for the screen
// /vehicle-groups and the forms and filters that pick a group. Names are unique within a
// customer; "cannot delete a group that has vehicles" (spec §8).
import {
  ACTION_ROLES,
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
import { principalOf } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { mustUseCustomer, type Scope, scopeOf } from '../../platform/tenancy.ts';
import { deleteUnlessUsed } from '../vehicles/shared.ts';
import {
  deleteVehicleGroup,
  findVehicleGroup,
  insertVehicleGroup,
  listVehicleGroups,
  updateVehicleGroup,
} from './repository.ts';

const idParams = z.object({ id: z.uuid() });
const NAME_UNIQUE = { vehicle_groups_customer_name_key: { field: 'name', key: 'vehicleGroupNameInUse' } };
const audit = auditTrail('vehicle_group', 'vehicle_groups');

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
      preValidation: access({ roles: ACTION_ROLES.vehicleGroupAdd }),
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
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'create'), (tx) =>
          insertVehicleGroup(tx, request.body),
        ),
      );
      return reply.status(201).send(ok(await mustFind(scope, found(id))));
    },
  );

  routes.put(
    '/vehicle-groups/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.vehicleGroupEdit }),
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
      const { id } = request.params;
      const saved = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'update', id), async (tx) =>
          (await updateVehicleGroup(tx, scope, id, request.body)) ? id : undefined,
        ),
      );
      if (!saved) throw new ApiError('notFound');
      return ok(await mustFind(scope, id));
    },
  );

  routes.delete(
    '/vehicle-groups/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.vehicleGroupDelete }),
      schema: {
        tags,
        summary: 'Delete a vehicle group that has no vehicles',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      const { id } = request.params;
      // Other features' rows (devices) may also point at the group: the same answer.
      await deleteUnlessUsed('groupHasVehicles', () =>
        audited(database, audit(principalOf(request), 'delete', id), async (tx) => {
          const result = await deleteVehicleGroup(tx, scope, id);
          if (result === 'missing') throw new ApiError('notFound');
          if (result === 'has-vehicles') throw new ApiError('conflict', { messageKey: 'groupHasVehicles' });
          return id;
        }),
      );
      return ok({ id });
    },
  );
}
