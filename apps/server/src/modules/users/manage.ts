// The user screens' calls (console spec §7): list (with e-mail filter), one user with its login
// history, create, edit, delete, and the login history. Who may give which access is decided in
// assignments.ts (the contracts' grant rule): nobody grants more than they hold, nobody changes
// their own access, and without user:edit (or staff) people edit only their own profile.
import {
  ACTION_ROLES,
  editsOtherUsers,
  listPageSchema,
  listQuerySchema,
  routeRoles,
  userCreateSchema,
  userDetailSchema,
  userListQuerySchema,
  userSchema,
  userUpdateSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { type AuditedWrite, audited } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf, pageWindow } from '../../platform/lists.ts';
import { visibleCustomerIds } from '../../platform/tenancy.ts';
import { hashPassword } from '../identity/password.ts';
import { accessAfter, accessOf, mustGive, mustKeepOwnAccess, mustManage } from './assignments.ts';
import { findUser, insertUser, listUsers, loginHistory, type UserWrite, updateUser } from './directory.ts';
import { registerLoginHistories } from './history.ts';
import { pushProfileChanged } from './profileChanged.ts';

const idParams = z.object({ id: z.uuid() });
const USER_UNIQUE = {
  users_username_key: { field: 'username', key: 'usernameInUse' },
  users_email_key: { field: 'email', key: 'emailInUse' },
};
export async function registerUserDirectory(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope, hub } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  // Every write is recorded in the audit log (platform/audit.ts; the password hash never is).
  const audit = (me: Principal, action: AuditedWrite['action'], id?: string): AuditedWrite => ({
    actor: me,
    entity: 'user',
    table: 'users',
    action,
    id,
    customerColumn: 'customer_id',
  });

  const mustFind = async (me: Principal, id: string) =>
    found(await findUser(database, await visibleCustomerIds(database, me), id));
  await registerLoginHistories(app, platform, mustFind);

  routes.get(
    '/users',
    {
      preValidation: access({ roles: routeRoles('users') }),
      schema: {
        tags,
        summary: 'Users the caller may see, paged (filter: name, username or e-mail; email: e-mail only)',
        querystring: userListQuerySchema,
        response: { 200: envelope(listPageSchema(userSchema)) },
      },
    },
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      return ok(pageOf(request.query, await listUsers(database, scope, request.query)));
    },
  );

  routes.get(
    '/users/:id',
    {
      preValidation: access(),
      schema: {
        tags,
        summary: 'One user with the latest sign-ins',
        params: idParams,
        response: { 200: envelope(userDetailSchema) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      if (request.params.id !== me.userId && !editsOtherUsers(me) && !me.roles.includes('user:view'))
        throw new ApiError('forbidden');
      const user = await mustFind(me, request.params.id);
      return ok({ ...user, login_history: (await loginHistory(database, user.id, 20)).list });
    },
  );

  routes.get(
    '/users/:id/login-history',
    {
      preValidation: access({ roles: routeRoles('userLoginHistory') }),
      schema: {
        tags,
        summary: "A user's sign-ins, newest first",
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: envelope(listPageSchema(userDetailSchema.shape.login_history.element)) },
      },
    },
    async (request) => {
      const user = await mustFind(principalOf(request), request.params.id);
      return ok(pageOf(request.query, await loginHistory(database, user.id, ...pageWindow(request.query))));
    },
  );

  routes.post(
    '/users',
    {
      preValidation: access({ roles: routeRoles('userNew') }),
      schema: {
        tags,
        summary: 'Create a user',
        body: userCreateSchema,
        response: { 201: envelope(userSchema) },
      },
    },
    async (request, reply) => {
      const me = principalOf(request);
      const { username, password, ...fields } = request.body;
      await mustGive(database, me, fields);
      const passwordHash = await hashPassword(password);
      const id = await uniqueOn(USER_UNIQUE, () =>
        audited(database, audit(me, 'create'), (tx) =>
          insertUser(tx, username, { ...fields, passwordHash } as UserWrite),
        ),
      );
      return reply.status(201).send(ok(await mustFind(me, found(id))));
    },
  );

  routes.put(
    '/users/:id',
    {
      preValidation: access(),
      schema: {
        tags,
        summary: 'Edit a user (their own profile, or others with user:edit)',
        params: idParams,
        body: userUpdateSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const current = await mustFind(me, request.params.id);
      const { password, customer_id, sys_role, role_id, manager, download_role, ...personal } = request.body;
      const access = accessAfter(current, { customer_id, sys_role, role_id, manager, download_role });
      const fields = { ...personal, ...access };
      if (current.id === me.userId) mustKeepOwnAccess(current, access);
      else {
        if (!editsOtherUsers(me)) throw new ApiError('forbidden');
        mustManage(me, current);
        await mustGive(database, me, access, current);
      }
      const passwordHash = password ? await hashPassword(password) : undefined;
      await uniqueOn(USER_UNIQUE, () =>
        audited(database, audit(me, 'update', current.id), async (tx) => {
          await updateUser(tx, current.id, { ...fields, passwordHash } as UserWrite);
          return current.id;
        }),
      );
      const after = await mustFind(me, current.id);
      // Spec §4: a role change reaches the user's open consoles at once.
      if (JSON.stringify(accessOf(current)) !== JSON.stringify(accessOf(after)))
        await pushProfileChanged(database, hub, { userIds: [current.id] });
      return ok(after);
    },
  );

  routes.delete(
    '/users/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.userDelete }),
      schema: {
        tags,
        summary: 'Delete a user',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const target = await mustFind(me, request.params.id);
      if (target.id === me.userId) throw new ApiError('forbidden', { messageKey: 'cannotDeleteSelf' });
      mustManage(me, target);
      await audited(database, audit(me, 'delete', target.id), async (tx) => {
        await tx.query('DELETE FROM users WHERE id = $1', [target.id]);
        return target.id;
      });
      return ok({ id: target.id });
    },
  );
}
