// Vehicles (domain spec §3): the list with the spec's list parameters, one vehicle, create, edit
// and delete, for the screens /vehicles… (kitting and support set vehicles up; sales and
// customers' users with vehicle:view read them). Also registers the rest of the vehicle registry:
// vendors, models and groups.
import {
  ACTION_ROLES,
  listPageSchema,
  routeRoles,
  vehicleBodySchema,
  vehicleListQuerySchema,
  vehicleSchema,
  vehicleUpdateSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { VEHICLE_LIST_RULE } from '../device-link/live.ts';
import { registerManufacturers } from '../manufacturers/index.ts';
import { registerVehicleGroups } from '../vehicle-groups/index.ts';
import { registerVehicleModels } from '../vehicle-models/index.ts';
import { vehicleService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerVehicles(app: FastifyInstance, platform: Platform): Promise<void> {
  await registerManufacturers(app, platform);
  await registerVehicleModels(app, platform);
  await registerVehicleGroups(app, platform);

  const { access, envelope } = platform;
  const vehicles = await vehicleService(platform.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicles'];

  routes.get(
    '/vehicles',
    {
      preValidation: access(VEHICLE_LIST_RULE),
      schema: {
        tags,
        summary:
          'Vehicles, paged, sorted and filtered (filter: name, serial, key number, kitting id, description)',
        querystring: vehicleListQuerySchema,
        response: { 200: envelope(listPageSchema(vehicleSchema)) },
      },
    },
    async (request) => ok(await vehicles.list(accessOf(request), request.query)),
  );

  routes.get(
    '/vehicles/:id',
    {
      preValidation: access({ roles: [...routeRoles('vehicleDetails'), 'vehicle:edit'] }),
      schema: { tags, summary: 'One vehicle', params: idParams, response: { 200: envelope(vehicleSchema) } },
    },
    async (request) => ok(await vehicles.get(accessOf(request), request.params.id)),
  );

  routes.post(
    '/vehicles',
    {
      preValidation: access({ roles: routeRoles('vehicleNew') }),
      schema: {
        tags,
        summary: 'Create a vehicle',
        body: vehicleBodySchema,
        response: { 201: envelope(vehicleSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await vehicles.create(accessOf(request), request.body))),
  );

  routes.put(
    '/vehicles/:id',
    {
      preValidation: access({ roles: routeRoles('vehicleEdit') }),
      schema: {
        tags,
        summary: 'Edit a vehicle (it keeps its customer)',
        params: idParams,
        body: vehicleUpdateSchema,
        response: { 200: envelope(vehicleSchema) },
      },
    },
    async (request) => ok(await vehicles.update(accessOf(request), request.params.id, request.body)),
  );

  routes.delete(
    '/vehicles/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.vehicleDelete }),
      schema: {
        tags,
        summary: 'Delete a vehicle that has no device',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => ok(await vehicles.remove(accessOf(request), request.params.id)),
  );
}
