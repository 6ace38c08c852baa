// Operators (drivers; domain spec §3, console routes /drivers…): list, one operator, create,
// edit, delete, group assignment and the random video batch (/management/random-video). The
// operator id is unique within a company; the group must be of the operator's company; a random
// video may not be longer than the company allows (customers.random_video_max_seconds).
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
import { principalOf } from '../../platform/access.ts';
import { audited, auditedIn, auditTrail } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { belongsTo, mustUseCustomer, scopeOf } from '../../platform/tenancy.ts';
import { registerOperatorGroups } from './groups.ts';
import {
  deleteOperator,
  findOperator,
  insertOperator,
  listOperators,
  lockOperators,
  type RandomVideoValues,
  randomVideoMaxSeconds,
  setOperatorGroup,
  setRandomVideo,
  updateOperator,
} from './repository.ts';

const idParams = z.object({ id: z.uuid() });
const CODE_UNIQUE = { operators_customer_code_key: { field: 'operator_code', key: 'operatorIdInUse' } };
const audit = auditTrail('operator', 'operators');
const groupError = () =>
  new ApiError('validation', { fields: [{ field: 'group_id', key: 'operatorGroupNotOfCompany' }] });

/** The longest random video of a company, in whole minutes. */
const maxMinutes = (seconds: number) => Math.floor(seconds / 60);
const tooLong = (max: number) => ({
  field: 'random_video_minutes',
  key: 'randomVideoTooLong',
  params: { max },
});

export async function registerOperators(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operators'];

  /** Refuses a group of another company and a random video longer than the company allows. */
  async function checkRules(customerId: string, body: { group_id: string | null } & RandomVideoValues) {
    if (body.group_id && !(await belongsTo(database, 'operator_groups', body.group_id, customerId)))
      throw groupError();
    const max = maxMinutes(await randomVideoMaxSeconds(database, customerId));
    if (body.random_video_enabled && body.random_video_minutes > max)
      throw new ApiError('validation', { fields: [tooLong(max)] });
  }

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
    async (request) =>
      ok(
        pageOf(request.query, await listOperators(database, await scopeOf(database, request), request.query)),
      ),
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
    async (request) =>
      ok(found(await findOperator(database, await scopeOf(database, request), request.params.id))),
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
    async (request, reply) => {
      const scope = await scopeOf(database, request);
      const { customer_id, ...body } = request.body;
      await mustUseCustomer(database, scope, customer_id);
      await checkRules(customer_id, body);
      const id = await uniqueOn(CODE_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'create'), (tx) =>
          insertOperator(tx, customer_id, body),
        ),
      );
      return reply.status(201).send(ok(found(await findOperator(database, scope, found(id)))));
    },
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
    async (request) => {
      const { operator_ids, ...values } = request.body;
      const scope = await scopeOf(database, request);
      const me = principalOf(request);
      // All or nothing: one transaction, each operator's change recorded in it.
      const updated = await database.transaction(async (tx) => {
        const rows = await lockOperators(tx, scope, operator_ids);
        const fail = (field: { field: string; key: string; params?: Record<string, unknown> }) => {
          throw new ApiError('validation', { messageKey: 'operatorBatchFailed', fields: [field] });
        };
        if (rows.length !== operator_ids.length) fail({ field: 'operator_ids', key: 'operatorsNotFound' });
        const max = Math.min(...rows.map((r) => maxMinutes(r.max_seconds)));
        if (values.random_video_enabled && values.random_video_minutes > max) fail(tooLong(max));
        for (const { id } of rows)
          await auditedIn(tx, audit(me, 'update', id), async () => {
            await setRandomVideo(tx, id, values);
            return id;
          });
        return rows.length;
      });
      return ok({ updated });
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const existing = found(await findOperator(database, scope, request.params.id));
      await checkRules(existing.customer.id, request.body);
      await uniqueOn(CODE_UNIQUE, () =>
        audited(database, audit(principalOf(request), 'update', existing.id), async (tx) => {
          await updateOperator(tx, existing.id, request.body);
          return existing.id;
        }),
      );
      return ok(found(await findOperator(database, scope, existing.id)));
    },
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
    async (request) => {
      const scope = await scopeOf(database, request);
      const existing = found(await findOperator(database, scope, request.params.id));
      const groupId = request.body.group_id;
      if (groupId && !(await belongsTo(database, 'operator_groups', groupId, existing.customer.id)))
        throw groupError();
      await audited(database, audit(principalOf(request), 'update', existing.id), async (tx) => {
        await setOperatorGroup(tx, existing.id, groupId);
        return existing.id;
      });
      return ok(found(await findOperator(database, scope, existing.id)));
    },
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
    async (request) => {
      const existing = found(
        await findOperator(database, await scopeOf(database, request), request.params.id),
      );
      const me = principalOf(request);
      await audited(database, audit(me, 'delete', existing.id), async (tx) => {
        await deleteOperator(tx, existing.id, me.userId);
        return existing.id;
      });
      return ok({ id: existing.id });
    },
  );

  await registerOperatorGroups(app, platform);
}
