// Operator groups (domain spec §3 "Group", console route /operator-groups): list, one group with
// its members, create, edit, delete. A group that has operators cannot be deleted (spec §8 "The
// group has users"), nor one that RFID cards name.
import {
  ACTION_ROLES,
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
import { audited, auditTrail } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { mustUseCustomer, scopeOf } from '../../platform/tenancy.ts';
import { deleteGroup, findGroup, insertGroup, listGroups, updateGroup } from './groups.repository.ts';

const idParams = z.object({ id: z.uuid() });
const NAME_UNIQUE = { operator_groups_customer_name_key: { field: 'name', key: 'operatorGroupNameInUse' } };
const audit = auditTrail('operator_group', 'operator_groups');

export async function registerOperatorGroups(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operator-groups'];

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
      ok(pageOf(request.query, await listGroups(database, await scopeOf(database, request), request.query))),
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
    async (request) =>
      ok(found(await findGroup(database, await scopeOf(database, request), request.params.id))),
  );

  routes.post(
    '/operator-groups',
    {
      preValidation: access({ roles: ACTION_ROLES.operatorGroupAdd }),
      schema: {
        tags,
        summary: 'Create an operator group in one of the caller’s companies',
        body: operatorGroupCreateSchema,
        response: { 201: envelope(operatorGroupDetailSchema) },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(database, request);
      const { customer_id, ...body } = request.body;
      await mustUseCustomer(database, scope, customer_id);
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'create'), (tx) => insertGroup(tx, customer_id, body)),
      );
      return reply.status(201).send(ok(found(await findGroup(database, scope, found(id)))));
    },
  );

  routes.put(
    '/operator-groups/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.operatorGroupEdit }),
      schema: {
        tags,
        summary: 'Edit an operator group (its company stays)',
        params: idParams,
        body: operatorGroupUpdateSchema,
        response: { 200: envelope(operatorGroupDetailSchema) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      const { id } = found(await findGroup(database, scope, request.params.id));
      await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'update', id), async (tx) => {
          await updateGroup(tx, id, request.body);
          return id;
        }),
      );
      return ok(found(await findGroup(database, scope, id)));
    },
  );

  routes.delete(
    '/operator-groups/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.operatorGroupDelete }),
      schema: {
        tags,
        summary: 'Delete an operator group that has no operators and no cards',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const { id } = found(await findGroup(database, await scopeOf(database, request), request.params.id));
      await audited(database, audit(principalOf(request), 'delete', id), async (tx) => {
        const keptBy = await deleteGroup(tx, id);
        if (keptBy === 'members') throw new ApiError('conflict', { messageKey: 'groupHasUsers' });
        if (keptBy === 'cards') throw new ApiError('conflict', { messageKey: 'groupHasCards' });
        return id;
      });
      return ok({ id });
    },
  );
}
