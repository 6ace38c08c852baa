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
import { principalOf } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { type Scope, scopeOf } from '../../platform/tenancy.ts';
import { VEHICLE_LIST_RULE } from '../device-link/live.ts';
import { registerManufacturers } from '../manufacturers/index.ts';
import { registerVehicleGroups } from '../vehicle-groups/index.ts';
import { registerVehicleModels } from '../vehicle-models/index.ts';
import { deleteVehicle, deviceIdColumn, findVehicle, listVehicles } from './repository.ts';
import { createVehicle, saveVehicle } from './service.ts';
import { deleteUnlessUsed } from './shared.ts';

const idParams = z.object({ id: z.uuid() });
const audit = auditTrail('vehicle', 'vehicles');

export async function registerVehicles(app: FastifyInstance, platform: Platform): Promise<void> {
  await registerManufacturers(app, platform);
  await registerVehicleModels(app, platform);
  await registerVehicleGroups(app, platform);

  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicles'];
  const deviceColumn = await deviceIdColumn(database);
  const mustFind = async (scope: Scope, id: string) =>
    found(await findVehicle(database, deviceColumn, scope, id));

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
    async (request) => {
      const scope = await scopeOf(database, request);
      return ok(pageOf(request.query, await listVehicles(database, deviceColumn, scope, request.query)));
    },
  );

  routes.get(
    '/vehicles/:id',
    {
      preValidation: access({ roles: [...routeRoles('vehicleDetails'), 'vehicle:edit'] }),
      schema: { tags, summary: 'One vehicle', params: idParams, response: { 200: envelope(vehicleSchema) } },
    },
    async (request) => ok(await mustFind(await scopeOf(database, request), request.params.id)),
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
    async (request, reply) => {
      const scope = await scopeOf(database, request);
      const id = await audited(database, audit(principalOf(request), 'create'), (tx) =>
        createVehicle(tx, scope, request.body),
      );
      return reply.status(201).send(ok(await mustFind(scope, found(id))));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const existing = await mustFind(scope, request.params.id);
      await audited(database, audit(principalOf(request), 'update', existing.id), (tx) =>
        saveVehicle(tx, existing.id, existing.customer.id, request.body),
      );
      return ok(await mustFind(scope, existing.id));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const { id } = request.params;
      // Other features' rows may also point at the vehicle: the same answer.
      await deleteUnlessUsed('vehicleHasDevice', () =>
        audited(database, audit(principalOf(request), 'delete', id), async (tx) => {
          const removed = await deleteVehicle(tx, scope, id);
          if (removed === 'notFound') throw new ApiError('notFound');
          if (removed === 'hasDevice') throw new ApiError('conflict', { messageKey: 'vehicleHasDevice' });
          return id;
        }),
      );
      return ok({ id });
    },
  );
}
