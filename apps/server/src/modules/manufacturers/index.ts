// Vehicle vendors (manufacturers), domain spec §3: a customer's vendors, for the screens
// /manufacturers… and for the forms that pick a vendor (vehicle models, vehicles). Names are
// unique within a customer; a vendor with models or vehicles cannot be deleted.
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
import { principalOf } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { mustUseCustomer, type Scope, scopeOf } from '../../platform/tenancy.ts';
import { deleteUnlessUsed } from '../vehicles/shared.ts';
import {
  deleteManufacturer,
  findManufacturer,
  insertManufacturer,
  listManufacturers,
  updateManufacturer,
} from './repository.ts';

const idParams = z.object({ id: z.uuid() });
const NAME_UNIQUE = { manufacturers_customer_name_key: { field: 'name', key: 'vendorNameInUse' } };
const audit = auditTrail('manufacturer', 'manufacturers');

export async function registerManufacturers(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['manufacturers'];
  const mustFind = async (scope: Scope, id: string) => found(await findManufacturer(database, scope, id));

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
    async (request) => {
      const scope = await scopeOf(database, request);
      return ok(pageOf(request.query, await listManufacturers(database, scope, request.query)));
    },
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
    async (request) => ok(await mustFind(await scopeOf(database, request), request.params.id)),
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
    async (request, reply) => {
      const scope = await scopeOf(database, request);
      await mustUseCustomer(database, scope, request.body.customer_id);
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'create'), (tx) =>
          insertManufacturer(tx, request.body),
        ),
      );
      return reply.status(201).send(ok(await mustFind(scope, found(id))));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const { id } = request.params;
      const saved = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'update', id), async (tx) =>
          (await updateManufacturer(tx, scope, id, request.body)) ? id : undefined,
        ),
      );
      if (!saved) throw new ApiError('notFound');
      return ok(await mustFind(scope, id));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const { id } = request.params;
      const removed = await deleteUnlessUsed('vendorInUse', () =>
        audited(database, audit(principalOf(request), 'delete', id), async (tx) =>
          (await deleteManufacturer(tx, scope, id)) ? id : undefined,
        ),
      );
      if (!removed) throw new ApiError('notFound');
      return ok({ id });
    },
  );
}
