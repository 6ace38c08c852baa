// RFID cards (domain spec §3, §4, §8; console routes /rfids, /rfid/…): list, one card, register,
// edit, delete, assignment to an operator and removal, and the dated history. A card number is
// unique within its company ("RFID exists"); one card has at most one current operator and one
// operator at most one current card: assigning either while it is taken is refused (remove first).
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
import { principalOf } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { belongsTo, mustUseCustomer, scopeOf } from '../../platform/tenancy.ts';
import {
  assignRfid,
  deleteRfid,
  findRfid,
  insertRfid,
  listRfids,
  removeRfidAssignment,
  rfidHistory,
  updateRfid,
} from './repository.ts';

const idParams = z.object({ id: z.uuid() });
const RFID_UNIQUE = { rfids_customer_rfid_key: { field: 'rfid', key: 'rfidExists' } };
const groupError = () =>
  new ApiError('validation', { fields: [{ field: 'group_id', key: 'operatorGroupNotOfCompany' }] });
/** A card's entries carry its current operator, so an assignment and its removal show as a change. */
const audit = auditTrail('rfid', 'rfids', async (tx, id) => ({
  operator_id:
    (
      await tx.query<{ operator_id: string }>(
        'SELECT operator_id FROM rfid_assignments WHERE rfid_id = $1 AND assigned_till IS NULL',
        [id],
      )
    )[0]?.operator_id ?? null,
}));

export async function registerRfids(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
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
    async (request) =>
      ok(pageOf(request.query, await listRfids(database, await scopeOf(database, request), request.query))),
  );

  routes.get(
    '/rfids/:id',
    {
      preValidation: access({ roles: routeRoles('rfids') }),
      schema: { tags, summary: 'One RFID card', params: idParams, response: { 200: envelope(rfidSchema) } },
    },
    async (request) =>
      ok(found(await findRfid(database, await scopeOf(database, request), request.params.id))),
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
    async (request) => {
      const card = found(await findRfid(database, await scopeOf(database, request), request.params.id));
      return ok(await rfidHistory(database, card.id));
    },
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
    async (request, reply) => {
      const scope = await scopeOf(database, request);
      const { customer_id, ...body } = request.body;
      await mustUseCustomer(database, scope, customer_id);
      if (!(await belongsTo(database, 'operator_groups', body.group_id, customer_id))) throw groupError();
      const me = principalOf(request);
      const id = await uniqueOn(RFID_UNIQUE, () =>
        audited(database, audit(me, 'create'), (tx) => insertRfid(tx, customer_id, me.userId, body)),
      );
      return reply.status(201).send(ok(found(await findRfid(database, scope, found(id)))));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const card = found(await findRfid(database, scope, request.params.id));
      if (!(await belongsTo(database, 'operator_groups', request.body.group_id, card.customer.id)))
        throw groupError();
      await uniqueOn(RFID_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'update', card.id), async (tx) => {
          await updateRfid(tx, card.id, request.body);
          return card.id;
        }),
      );
      return ok(found(await findRfid(database, scope, card.id)));
    },
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
    async (request) => {
      const card = found(await findRfid(database, await scopeOf(database, request), request.params.id));
      await audited(database, audit(principalOf(request), 'delete', card.id), async (tx) => {
        if (!(await deleteRfid(tx, card.id)))
          throw new ApiError('conflict', { messageKey: 'rfidAssignedNoDelete' });
        return card.id;
      });
      return ok({ id: card.id });
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const card = found(await findRfid(database, scope, request.params.id));
      const me = principalOf(request);
      await audited(database, audit(me, 'update', card.id), async (tx) => {
        const outcome = await assignRfid(
          tx,
          { id: card.id, customerId: card.customer.id },
          request.body.operator_id,
          me.userId,
        );
        if (outcome === 'operatorNotOfCompany')
          throw new ApiError('validation', {
            fields: [{ field: 'operator_id', key: 'operatorNotOfCompany' }],
          });
        if (outcome !== 'assigned')
          throw new ApiError('conflict', {
            messageKey: outcome,
            fields: [{ field: 'operator_id', key: outcome }],
          });
        return card.id;
      });
      return ok(found(await findRfid(database, scope, card.id)));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const card = found(await findRfid(database, scope, request.params.id));
      const me = principalOf(request);
      await audited(database, audit(me, 'update', card.id), async (tx) => {
        if (!(await removeRfidAssignment(tx, card.id, me.userId)))
          throw new ApiError('conflict', { messageKey: 'rfidNotAssigned' });
        return card.id;
      });
      return ok(found(await findRfid(database, scope, card.id)));
    },
  );
}
