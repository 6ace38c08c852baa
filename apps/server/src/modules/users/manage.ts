// The user screens' calls (console spec §7): list (with e-mail filter), one user with its login
// history, create, edit, delete, and the login history. The rules are in service.ts (who gives
// which access: assignments.ts).
import {
  ACTION_ROLES,
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
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { routesOf } from '../../platform/routes.ts';
import { registerLoginHistories } from './history.ts';
import { userService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerUserDirectory(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const users = userService(platform.database, platform.hub);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const route = routesOf(app, platform, tags);
  await registerLoginHistories(app, platform, users);

  route.get(
    '/users',
    {
      rule: { roles: routeRoles('users') },
      summary: 'Users the caller may see, paged (filter: name, username or e-mail; email: e-mail only)',
      query: userListQuerySchema,
      reply: listPageSchema(userSchema),
    },
    ({ access, query }) => users.list(access, query),
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
    async (request) => ok(await users.get(accessOf(request), request.params.id)),
  );

  route.get(
    '/users/:id/login-history',
    {
      rule: { roles: routeRoles('userLoginHistory') },
      summary: "A user's sign-ins, newest first",
      params: idParams,
      query: listQuerySchema,
      reply: listPageSchema(userDetailSchema.shape.login_history.element),
    },
    ({ access, params, query }) => users.loginHistory(access, params.id, query),
  );

  route.post(
    '/users',
    {
      rule: { roles: routeRoles('userNew') },
      summary: 'Create a user',
      body: userCreateSchema,
      reply: userSchema,
      status: 201,
    },
    ({ access, body }) => users.create(access, body),
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
    async (request) => ok(await users.update(accessOf(request), request.params.id, request.body)),
  );

  route.delete(
    '/users/:id',
    {
      rule: { roles: ACTION_ROLES.userDelete },
      summary: 'Delete a user',
      params: idParams,
      reply: z.object({ id: z.string() }),
    },
    ({ access, params }) => users.remove(access, params.id),
  );
}
