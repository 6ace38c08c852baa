// Operators (drivers; domain spec §3, console routes /drivers…): list, one operator, create,
// edit, delete, group assignment and the random video batch (/management/random-video). The
// rules are in service.ts.
import {
  ACTION_ROLES,
  listPageSchema,
  operatorCreateSchema,
  operatorGroupAssignSchema,
  operatorListQuerySchema,
  operatorSchema,
  operatorUpdateSchema,
  randomVideoBatchSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { registerOperatorGroups } from './groups.routes.ts';
import { operatorService } from './service.ts';

const idParams = z.object({ id: z.uuid() });
export async function registerOperators(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const operators = operatorService(platform.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operators'];

  // The operators screen, and the screens that pick operators: random video, card assignment.
  const readers = [
    ...routeRoles('drivers'),
    ...routeRoles('randomVideo'),
    ...routeRoles('rfidAssignOperator'),
  ];

  routes.get(
    '/operators',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'Operators the caller may see, paged (filter: operator id, name, license number, phone)',
        querystring: operatorListQuerySchema,
        response: { 200: envelope(listPageSchema(operatorSchema)) },
      },
    },
    async (request) => ok(await operators.list(accessOf(request), request.query)),
  );

  routes.get(
    '/operators/:id',
    {
      preValidation: access({ roles: [...routeRoles('driverDetail'), ...routeRoles('driverAssignRfid')] }),
      schema: {
        tags,
        summary: 'One operator',
        params: idParams,
        response: { 200: envelope(operatorSchema) },
      },
    },
    async (request) => ok(await operators.get(accessOf(request), request.params.id)),
  );

  routes.post(
    '/operators',
    {
      preValidation: access({ roles: routeRoles('driverNew') }),
      schema: {
        tags,
        summary: 'Create an operator in one of the caller’s companies',
        body: operatorCreateSchema,
        response: { 201: envelope(operatorSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await operators.create(accessOf(request), request.body))),
  );

  routes.put(
    '/operators/random-video',
    {
      preValidation: access({ roles: ACTION_ROLES.randomVideoEdit }),
      schema: {
        tags,
        summary: 'Set the random video settings of many operators at once (all or nothing)',
        body: randomVideoBatchSchema,
        response: { 200: envelope(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => ok(await operators.setRandomVideo(accessOf(request), request.body)),
  );

  routes.put(
    '/operators/:id',
    {
      preValidation: access({ roles: routeRoles('driverEdit') }),
      schema: {
        tags,
        summary: 'Edit an operator (the company stays)',
        params: idParams,
        body: operatorUpdateSchema,
        response: { 200: envelope(operatorSchema) },
      },
    },
    async (request) => ok(await operators.update(accessOf(request), request.params.id, request.body)),
  );

  routes.put(
    '/operators/:id/group',
    {
      preValidation: access({ roles: routeRoles('driverAssignGroup') }),
      schema: {
        tags,
        summary: 'Put an operator in a group of its company, or in none',
        params: idParams,
        body: operatorGroupAssignSchema,
        response: { 200: envelope(operatorSchema) },
      },
    },
    async (request) =>
      ok(await operators.assignGroup(accessOf(request), request.params.id, request.body.group_id)),
  );

  routes.delete(
    '/operators/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.operatorDelete }),
      schema: {
        tags,
        summary: 'Delete an operator; a card it holds is removed from it, its history kept',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => ok(await operators.remove(accessOf(request), request.params.id)),
  );

  await registerOperatorGroups(app, platform);
}
