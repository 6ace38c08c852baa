// The vehicle master (models), domain spec §3: a vendor's models with their specifications, for
// the screens /vehicle-models… and for the vehicle form, which copies a model's specification.
// Names are unique within their vendor; a model that vehicles use cannot be deleted.
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
import { principalOf } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { type Scope, scopeOf } from '../../platform/tenancy.ts';
import { deleteUnlessUsed } from '../vehicles/shared.ts';
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
const audit = auditTrail('vehicle_model', 'vehicle_models');

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
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'create'), (tx) =>
          insertVehicleModel(tx, customerId, request.body),
        ),
      );
      return reply.status(201).send(ok(await mustFind(scope, found(id))));
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
        audited(database, audit(principalOf(request), 'update', existing.id), async (tx) =>
          (await updateVehicleModel(tx, existing.id, customerId, request.body)) ? existing.id : undefined,
        ),
      );
      return ok(await mustFind(scope, existing.id));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const { id } = request.params;
      const removed = await deleteUnlessUsed('vehicleModelInUse', () =>
        audited(database, audit(principalOf(request), 'delete', id), async (tx) =>
          (await deleteVehicleModel(tx, scope, id)) ? id : undefined,
        ),
      );
      if (!removed) throw new ApiError('notFound');
      return ok({ id });
    },
  );
}
