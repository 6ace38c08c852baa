// Operator groups (domain spec §3 "Group", console route /operator-groups): list, one group with
// its members, create, edit, delete. A group that has operators cannot be deleted (spec §8 "The
// group has users"), nor one that RFID cards name.
import {
  listPageSchema,
  operatorGroupCreateSchema,
  operatorGroupDetailSchema,
  operatorGroupListQuerySchema,
  operatorGroupSchema,
  operatorGroupUpdateSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { visibleCustomerIds } from '../../platform/tenancy.ts';
import { deleteGroup, findGroup, insertGroup, listGroups, updateGroup } from './groups.repository.ts';

const idParams = z.object({ id: z.uuid() });
const NAME_UNIQUE = { operator_groups_customer_name_key: { field: 'name', key: 'operatorGroupNameInUse' } };

export async function registerOperatorGroups(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operator-groups'];
  const scopeOf = (request: Parameters<typeof principalOf>[0]) =>
    visibleCustomerIds(database, principalOf(request));

  // The groups screen, and the forms that pick a group: operators, group assignment, RFID cards.
  const readers = [
    ...routeRoles('operatorGroups'),
    ...routeRoles('drivers'),
    ...routeRoles('driverAssignGroup'),
    ...routeRoles('rfids'),
  ];

  routes.get(
    '/operator-groups',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'Operator groups the caller may see, paged (filter: name or description)',
        querystring: operatorGroupListQuerySchema,
        response: { 200: envelope(listPageSchema(operatorGroupSchema)) },
      },
    },
    async (request) =>
      ok(pageOf(request.query, await listGroups(database, await scopeOf(request), request.query))),
  );

  routes.get(
    '/operator-groups/:id',
    {
      preValidation: access({ roles: routeRoles('operatorGroups') }),
      schema: {
        tags,
        summary: 'One operator group with its members',
        params: idParams,
        response: { 200: envelope(operatorGroupDetailSchema) },
      },
    },
    async (request) => ok(found(await findGroup(database, await scopeOf(request), request.params.id))),
  );

  routes.post(
    '/operator-groups',
    {
      preValidation: access({ roles: ['support', 'op_group:add'] }),
      schema: {
        tags,
        summary: 'Create an operator group in one of the caller’s companies',
        body: operatorGroupCreateSchema,
        response: { 201: envelope(operatorGroupDetailSchema) },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const { customer_id, ...body } = request.body;
      if (scope !== null && !scope.includes(customer_id))
        throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'customerNotFound' }] });
      const id = await uniqueOn(NAME_UNIQUE, () => insertGroup(database, customer_id, body));
      return reply.status(201).send(ok(found(await findGroup(database, scope, id))));
    },
  );

  routes.put(
    '/operator-groups/:id',
    {
      preValidation: access({ roles: ['support', 'op_group:edit'] }),
      schema: {
        tags,
        summary: 'Edit an operator group (its company stays)',
        params: idParams,
        body: operatorGroupUpdateSchema,
        response: { 200: envelope(operatorGroupDetailSchema) },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      found(await findGroup(database, scope, request.params.id));
      await uniqueOn(NAME_UNIQUE, () => updateGroup(database, request.params.id, request.body));
      return ok(found(await findGroup(database, scope, request.params.id)));
    },
  );

  routes.delete(
    '/operator-groups/:id',
    {
      preValidation: access({ roles: ['support', 'op_group:delete'] }),
      schema: {
        tags,
        summary: 'Delete an operator group that has no operators and no cards',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      found(await findGroup(database, await scopeOf(request), request.params.id));
      const keptBy = await deleteGroup(database, request.params.id);
      if (keptBy === 'members') throw new ApiError('conflict', { messageKey: 'groupHasUsers' });
      if (keptBy === 'cards') throw new ApiError('conflict', { messageKey: 'groupHasCards' });
      return ok({ id: request.params.id });
    },
  );
}
