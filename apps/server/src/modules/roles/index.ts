// Custom roles (console routes /roles…): list for admin and support, create, edit and delete (of a
// role no user holds) for admin
// (spec §6); whoever writes a role puts in it only privileges they hold themselves. A change applies to signed-in users at their next call: the API reads privileges
// from the database on every request (platform/auth.ts).
import {
  ACTION_ROLES,
  listPageSchema,
  privilegesNotHeld,
  roleCreateSchema,
  roleListQuerySchema,
  roleSchema,
  roleUpdateSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { audited } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { canSeeCustomer, visibleCustomerIds } from '../../platform/tenancy.ts';
import { pushProfileChanged } from '../users/profileChanged.ts';
import { deleteRole, findRole, insertRole, listRoles, updateRole } from './repository.ts';

const idParams = z.object({ id: z.uuid() });
const NAME_UNIQUE = { roles_customer_name_key: { field: 'name', key: 'roleNameInUse' } };

/** A role carries only privileges its author holds (contracts access/grants.ts), whoever holds it. */
function mustHold(
  me: Principal,
  privileges: readonly string[],
  key: 'privilegesNotHeld' | 'roleBeyondReach',
) {
  const lacking = privilegesNotHeld(me, privileges);
  if (lacking.length > 0)
    throw new ApiError('forbidden', {
      messageKey: key,
      params: { privileges: lacking.join(', ') },
      fields:
        key === 'privilegesNotHeld'
          ? [{ field: 'privileges', key, params: { privileges: lacking.join(', ') } }]
          : undefined,
    });
}

export async function registerRoles(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope, hub } = platform;
  // Every write is recorded in the audit log (platform/audit.ts), in its own transaction.
  const audit = (request: FastifyRequest, action: 'create' | 'update' | 'delete', id?: string) => ({
    actor: principalOf(request),
    entity: 'role',
    table: 'roles',
    action,
    id,
    customerColumn: 'customer_id',
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

  const mustFind = async (scope: string[] | null, id: string) => found(await findRole(database, scope, id));

  // The roles screen reads roles, and so does the user form of whoever may create users (to
  // offer their company's roles); both stay within the caller's companies.
  const readers = [...routeRoles('roles'), ...routeRoles('userNew'), 'user:edit'];

  routes.get(
    '/roles',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'Custom roles, paged (filter: role or company name; customer_id: one company)',
        querystring: roleListQuerySchema,
        response: { 200: envelope(listPageSchema(roleSchema)) },
      },
    },
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      return ok(pageOf(request.query, await listRoles(database, scope, request.query)));
    },
  );

  routes.get(
    '/roles/:id',
    {
      preValidation: access({ roles: routeRoles('roles') }),
      schema: { tags, summary: 'One custom role', params: idParams, response: { 200: envelope(roleSchema) } },
    },
    async (request) =>
      ok(await mustFind(await visibleCustomerIds(database, principalOf(request)), request.params.id)),
  );

  routes.post(
    '/roles',
    {
      preValidation: access({ roles: routeRoles('roleNew') }),
      schema: {
        tags,
        summary: 'Create a custom role (admin)',
        body: roleCreateSchema,
        response: { 201: envelope(roleSchema) },
      },
    },
    async (request, reply) => {
      const me = principalOf(request);
      mustHold(me, request.body.privileges, 'privilegesNotHeld');
      const known = await database.query('SELECT 1 FROM customers WHERE id = $1', [request.body.customer_id]);
      // A company the caller may not see is answered like one that does not exist.
      if (known.length === 0 || !(await canSeeCustomer(database, me, request.body.customer_id)))
        throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'customerNotFound' }] });
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(request, 'create'), (tx) => insertRole(tx, request.body)),
      );
      return reply.status(201).send(ok(await mustFind(null, found(id))));
    },
  );

  routes.put(
    '/roles/:id',
    {
      preValidation: access({ roles: routeRoles('roleEdit') }),
      schema: {
        tags,
        summary: 'Edit a custom role (admin)',
        params: idParams,
        body: roleUpdateSchema,
        response: { 200: envelope(roleSchema) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const scope = await visibleCustomerIds(database, me);
      const before = await mustFind(scope, request.params.id);
      // Its holders keep nothing its editor could not have given them.
      mustHold(me, before.privileges, 'roleBeyondReach');
      mustHold(me, request.body.privileges, 'privilegesNotHeld');
      await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(request, 'update', before.id), async (tx) => {
          await updateRole(tx, before.id, request.body);
          return before.id;
        }),
      );
      const after = await mustFind(scope, before.id);
      // Its holders' screens follow their privileges (spec §4: they re-read their access).
      if (before.privileges.join() !== after.privileges.join())
        await pushProfileChanged(database, hub, { roleId: before.id });
      return ok(after);
    },
  );

  routes.delete(
    '/roles/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.roleDelete }),
      schema: {
        tags,
        summary: 'Delete a custom role that no user holds (admin)',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const scope = await visibleCustomerIds(database, me);
      const { id } = request.params;
      await audited(database, audit(request, 'delete', id), async (tx) => {
        const result = await deleteRole(tx, scope, id);
        if (result === 'missing') throw new ApiError('notFound');
        if (result === 'held') throw new ApiError('conflict', { messageKey: 'roleInUse' });
        return id;
      });
      return ok({ id });
    },
  );
}
