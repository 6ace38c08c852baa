// Custom roles (console routes /roles…): list for admin and support, create, edit and delete (of a
// role no user holds) for admin (spec §6). The rules are in service.ts.
import {
  ACTION_ROLES,
  listPageSchema,
  roleCreateSchema,
  roleListQuerySchema,
  roleSchema,
  roleUpdateSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { roleService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerRoles(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const roles = roleService(platform.database, platform.hub);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

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
    async (request) => ok(await roles.list(accessOf(request), request.query)),
  );

  routes.get(
    '/roles/:id',
    {
      preValidation: access({ roles: routeRoles('roles') }),
      schema: { tags, summary: 'One custom role', params: idParams, response: { 200: envelope(roleSchema) } },
    },
    async (request) => ok(await roles.get(accessOf(request), request.params.id)),
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
    async (request, reply) => reply.status(201).send(ok(await roles.create(accessOf(request), request.body))),
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
    async (request) => ok(await roles.update(accessOf(request), request.params.id, request.body)),
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
    async (request) => ok(await roles.remove(accessOf(request), request.params.id)),
  );
}
