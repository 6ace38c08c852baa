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
import { registerLoginHistories } from './history.ts';
import { userService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerUserDirectory(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const users = userService(platform.database, platform.hub);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  await registerLoginHistories(app, platform, users);

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
    async (request) => ok(await users.list(accessOf(request), request.query)),
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
    async (request) => ok(await users.loginHistory(accessOf(request), request.params.id, request.query)),
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
    async (request, reply) => reply.status(201).send(ok(await users.create(accessOf(request), request.body))),
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
    async (request) => ok(await users.remove(accessOf(request), request.params.id)),
  );
}
