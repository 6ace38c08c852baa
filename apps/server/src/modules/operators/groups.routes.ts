// Operator groups (domain spec §3 "Group", console route /operator-groups): list, one group with
// its members, create, edit, delete. The rules are in groups.service.ts.
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
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { operatorGroupService } from './groups.service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerOperatorGroups(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const groups = operatorGroupService(platform.database);
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
    async (request) => ok(await groups.list(accessOf(request), request.query)),
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
    async (request) => ok(await groups.get(accessOf(request), request.params.id)),
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
    async (request, reply) =>
      reply.status(201).send(ok(await groups.create(accessOf(request), request.body))),
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
    async (request) => ok(await groups.update(accessOf(request), request.params.id, request.body)),
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
    async (request) => ok(await groups.remove(accessOf(request), request.params.id)),
  );
}
