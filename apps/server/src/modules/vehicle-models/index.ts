// The vehicle master (models), domain spec §3: a vendor's models with their specifications, for
// the screens /vehicle-models… and for the vehicle form, which copies a model's specification.
// Names are unique within their vendor; a model that vehicles use cannot be deleted (service.ts).
import {
  ACTION_ROLES,
  listPageSchema,
  routeRoles,
  vehicleModelBodySchema,
  vehicleModelListQuerySchema,
  vehicleModelSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { vehicleModelService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerVehicleModels(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const models = vehicleModelService(platform.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle-models'];
  // The vehicle form and the vehicle list's filter pick a model from this list.
  const readers = [...routeRoles('vehicleModels'), ...routeRoles('vehicles'), 'vehicle:add', 'vehicle:edit'];

  routes.get(
    '/vehicle-models',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'Vehicle models, paged (filter: name, series, model name or engine model)',
        querystring: vehicleModelListQuerySchema,
        response: { 200: envelope(listPageSchema(vehicleModelSchema)) },
      },
    },
    async (request) => ok(await models.list(accessOf(request), request.query)),
  );

  routes.get(
    '/vehicle-models/:id',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'One vehicle model',
        params: idParams,
        response: { 200: envelope(vehicleModelSchema) },
      },
    },
    async (request) => ok(await models.get(accessOf(request), request.params.id)),
  );

  routes.post(
    '/vehicle-models',
    {
      preValidation: access({ roles: routeRoles('vehicleModelNew') }),
      schema: {
        tags,
        summary: 'Create a vehicle model under a vendor',
        body: vehicleModelBodySchema,
        response: { 201: envelope(vehicleModelSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await models.create(accessOf(request), request.body))),
  );

  routes.put(
    '/vehicle-models/:id',
    {
      preValidation: access({ roles: routeRoles('vehicleModelEdit') }),
      schema: {
        tags,
        summary: 'Edit a vehicle model (another vendor of the same customer may be chosen)',
        params: idParams,
        body: vehicleModelBodySchema,
        response: { 200: envelope(vehicleModelSchema) },
      },
    },
    async (request) => ok(await models.update(accessOf(request), request.params.id, request.body)),
  );

  routes.delete(
    '/vehicle-models/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.vehicleModelDelete }),
      schema: {
        tags,
        summary: 'Delete a vehicle model that no vehicle uses',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => ok(await models.remove(accessOf(request), request.params.id)),
  );
}
