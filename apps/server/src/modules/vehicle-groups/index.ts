// Vehicle groups (domain spec §3 "Group"): a customer's groups of vehicles, for the screen
// /vehicle-groups and the forms and filters that pick a group. The rules live in service.ts.
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
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { vehicleGroupService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerVehicleGroups(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const groups = vehicleGroupService(platform.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle-groups'];
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
    async (request) => ok(await groups.list(accessOf(request), request.query)),
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
    async (request) => ok(await groups.get(accessOf(request), request.params.id)),
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
    async (request, reply) =>
      reply.status(201).send(ok(await groups.create(accessOf(request), request.body))),
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
    async (request) => ok(await groups.update(accessOf(request), request.params.id, request.body)),
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
    async (request) => ok(await groups.remove(accessOf(request), request.params.id)),
  );
}
