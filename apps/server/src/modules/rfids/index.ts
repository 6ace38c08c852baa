// RFID cards (domain spec §3, §4, §8; console routes /rfids, /rfid/…): list, one card, register,
// edit, delete, assignment to an operator and removal, and the dated history. The rules are in
// service.ts.
import {
  ACTION_ROLES,
  listPageSchema,
  rfidAssignSchema,
  rfidCreateSchema,
  rfidHistoryRowSchema,
  rfidListQuerySchema,
  rfidSchema,
  rfidUpdateSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { rfidService } from './service.ts';

const idParams = z.object({ id: z.uuid() });
export async function registerRfids(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const cards = rfidService(platform.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rfids'];

  routes.get(
    '/rfids',
    {
      preValidation: access({ roles: [...routeRoles('rfids'), ...routeRoles('driverAssignRfid')] }),
      schema: {
        tags,
        summary: 'RFID cards the caller may see, paged (filter: card, owner, kitting id, operator)',
        querystring: rfidListQuerySchema,
        response: { 200: envelope(listPageSchema(rfidSchema)) },
      },
    },
    async (request) => ok(await cards.list(accessOf(request), request.query)),
  );

  routes.get(
    '/rfids/:id',
    {
      preValidation: access({ roles: routeRoles('rfids') }),
      schema: { tags, summary: 'One RFID card', params: idParams, response: { 200: envelope(rfidSchema) } },
    },
    async (request) => ok(await cards.get(accessOf(request), request.params.id)),
  );

  routes.get(
    '/rfids/:id/history',
    {
      preValidation: access({ roles: routeRoles('rfidHistory') }),
      schema: {
        tags,
        summary: "A card's assignments, newest first",
        params: idParams,
        response: { 200: envelope(z.array(rfidHistoryRowSchema)) },
      },
    },
    async (request) => ok(await cards.history(accessOf(request), request.params.id)),
  );

  routes.post(
    '/rfids',
    {
      preValidation: access({ roles: routeRoles('rfidNew') }),
      schema: {
        tags,
        summary: 'Register an RFID card in one of the caller’s companies',
        body: rfidCreateSchema,
        response: { 201: envelope(rfidSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await cards.create(accessOf(request), request.body))),
  );

  routes.put(
    '/rfids/:id',
    {
      preValidation: access({ roles: routeRoles('rfidEdit') }),
      schema: {
        tags,
        summary: 'Edit an RFID card (its company stays)',
        params: idParams,
        body: rfidUpdateSchema,
        response: { 200: envelope(rfidSchema) },
      },
    },
    async (request) => ok(await cards.update(accessOf(request), request.params.id, request.body)),
  );

  routes.delete(
    '/rfids/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.rfidDelete }),
      schema: {
        tags,
        summary: 'Delete an RFID card that no operator holds',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => ok(await cards.remove(accessOf(request), request.params.id)),
  );

  routes.post(
    '/rfids/:id/assignment',
    {
      preValidation: access({ roles: routeRoles('rfidAssignOperator') }),
      schema: {
        tags,
        summary: 'Assign the card to an operator of its company',
        params: idParams,
        body: rfidAssignSchema,
        response: { 200: envelope(rfidSchema) },
      },
    },
    async (request) => ok(await cards.assign(accessOf(request), request.params.id, request.body.operator_id)),
  );

  routes.delete(
    '/rfids/:id/assignment',
    {
      preValidation: access({ roles: routeRoles('rfidAssignOperator') }),
      schema: {
        tags,
        summary: 'Remove the card from its operator (the assignment stays in the history)',
        params: idParams,
        response: { 200: envelope(rfidSchema) },
      },
    },
    async (request) => ok(await cards.unassign(accessOf(request), request.params.id)),
  );
}
