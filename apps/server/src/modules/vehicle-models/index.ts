// The vehicle master (models), domain spec §3: a vendor's models with their specifications, for
// the screens /vehicle-models… and for the vehicle form, which copies a model's specification.
// Names are unique within their vendor; a model that vehicles use cannot be deleted.
import {
  listPageSchema,
  routeRoles,
  vehicleModelBodySchema,
  vehicleModelListQuerySchema,
  vehicleModelSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { deleteRoles, deleteUnlessUsed, type Scope, scopeOf } from '../vehicles/shared.ts';
import {
  deleteVehicleModel,
  findVehicleModel,
  insertVehicleModel,
  listVehicleModels,
  updateVehicleModel,
  vendorCustomer,
} from './repository.ts';

const idParams = z.object({ id: z.uuid() });
const NAME_UNIQUE = { vehicle_models_manufacturer_name_key: { field: 'name', key: 'vehicleModelNameInUse' } };

export async function registerVehicleModels(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle-models'];
  const mustFind = async (scope: Scope, id: string) => found(await findVehicleModel(database, scope, id));

  /** The vendor's customer; a vendor the caller cannot see is refused on its field. */
  async function customerOfVendor(scope: Scope, manufacturerId: string): Promise<string> {
    const customerId = await vendorCustomer(database, scope, manufacturerId);
    if (!customerId)
      throw new ApiError('validation', {
        fields: [{ field: 'manufacturer_id', key: 'notOfVehicleCustomer' }],
      });
    return customerId;
  }

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
    async (request) => {
      const scope = await scopeOf(database, request);
      return ok(pageOf(request.query, await listVehicleModels(database, scope, request.query)));
    },
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
    async (request) => ok(await mustFind(await scopeOf(database, request), request.params.id)),
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
    async (request, reply) => {
      const scope = await scopeOf(database, request);
      const customerId = await customerOfVendor(scope, request.body.manufacturer_id);
      const id = await uniqueOn(NAME_UNIQUE, () => insertVehicleModel(database, customerId, request.body));
      return reply.status(201).send(ok(await mustFind(scope, id)));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const existing = await mustFind(scope, request.params.id);
      const customerId = await customerOfVendor(scope, request.body.manufacturer_id);
      if (customerId !== existing.customer.id)
        throw new ApiError('validation', {
          fields: [{ field: 'manufacturer_id', key: 'notOfVehicleCustomer' }],
        });
      await uniqueOn(NAME_UNIQUE, () =>
        updateVehicleModel(database, request.params.id, customerId, request.body),
      );
      return ok(await mustFind(scope, request.params.id));
    },
  );

  routes.delete(
    '/vehicle-models/:id',
    {
      preValidation: access({ roles: deleteRoles(routeRoles('vehicleModelEdit'), 'veh_mod') }),
      schema: {
        tags,
        summary: 'Delete a vehicle model that no vehicle uses',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      const removed = await deleteUnlessUsed('vehicleModelInUse', () =>
        deleteVehicleModel(database, scope, request.params.id),
      );
      if (!removed) throw new ApiError('notFound');
      return ok({ id: request.params.id });
    },
  );
}
