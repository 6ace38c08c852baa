// Vehicle vendors (manufacturers), domain spec §3: a customer's vendors, for the screens
// /manufacturers… and for the forms that pick a vendor (vehicle models, vehicles). Names are
// unique within a customer; a vendor with models or vehicles cannot be deleted (service.ts).
import {
  ACTION_ROLES,
  listPageSchema,
  manufacturerBodySchema,
  manufacturerListQuerySchema,
  manufacturerSchema,
  manufacturerUpdateSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { manufacturerService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerManufacturers(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const vendors = manufacturerService(platform.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['manufacturers'];

  // The model and vehicle forms and the vehicle list's filter pick a vendor from this list.
  const readers = [
    ...routeRoles('manufacturers'),
    ...routeRoles('vehicleModels'),
    ...routeRoles('vehicles'),
    'vehicle:add',
    'vehicle:edit',
  ];

  routes.get(
    '/manufacturers',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'Vehicle vendors, paged (filter: name or description)',
        querystring: manufacturerListQuerySchema,
        response: { 200: envelope(listPageSchema(manufacturerSchema)) },
      },
    },
    async (request) => ok(await vendors.list(accessOf(request), request.query)),
  );

  routes.get(
    '/manufacturers/:id',
    {
      preValidation: access({ roles: routeRoles('manufacturers') }),
      schema: {
        tags,
        summary: 'One vehicle vendor',
        params: idParams,
        response: { 200: envelope(manufacturerSchema) },
      },
    },
    async (request) => ok(await vendors.get(accessOf(request), request.params.id)),
  );

  routes.post(
    '/manufacturers',
    {
      preValidation: access({ roles: routeRoles('manufacturerNew') }),
      schema: {
        tags,
        summary: 'Create a vehicle vendor',
        body: manufacturerBodySchema,
        response: { 201: envelope(manufacturerSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await vendors.create(accessOf(request), request.body))),
  );

  routes.put(
    '/manufacturers/:id',
    {
      preValidation: access({ roles: routeRoles('manufacturerEdit') }),
      schema: {
        tags,
        summary: 'Edit a vehicle vendor (it keeps its customer)',
        params: idParams,
        body: manufacturerUpdateSchema,
        response: { 200: envelope(manufacturerSchema) },
      },
    },
    async (request) => ok(await vendors.update(accessOf(request), request.params.id, request.body)),
  );

  routes.delete(
    '/manufacturers/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.manufacturerDelete }),
      schema: {
        tags,
        summary: 'Delete a vehicle vendor that has no models or vehicles',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => ok(await vendors.remove(accessOf(request), request.params.id)),
  );
}
