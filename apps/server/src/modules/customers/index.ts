// Customers (domain spec §3, console routes /customers…): list, read, create and edit for the
// provider's staff, live-camera settings. Who may call each is the route table's rule
// (contracts routeRoles); what they see is their access object's scope; the rules are in service.ts.
import {
  customerBodySchema,
  customerLiveSettingsSchema,
  customerSchema,
  listPageSchema,
  listQuerySchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { customerService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerCustomers(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const customers = customerService(platform.database, platform.hub);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  // Besides the customers screen, the forms that choose a company (users, roles, notices) read the
  // list: whoever may open those forms reads it, within their own companies.
  const readers = [
    ...routeRoles('customers'),
    ...routeRoles('userNew'),
    'user:edit',
    ...routeRoles('roleNew'),
    ...routeRoles('notificationNew'),
    ...['operator:add', 'operator:edit', 'op_group:add', 'rfid:add'],
    ...['vehicle:add', 'group:add', 'manufacturer:add'],
  ];

  routes.get(
    '/customers',
    {
      preValidation: access({ roles: readers }),
      schema: {
        tags,
        summary: 'Customers the caller may see, paged (filter: name, STK user or description)',
        querystring: listQuerySchema,
        response: { 200: envelope(listPageSchema(customerSchema)) },
      },
    },
    async (request) => ok(await customers.list(accessOf(request), request.query)),
  );

  routes.get(
    '/customers/:id',
    {
      preValidation: access({ roles: routeRoles('customers') }),
      schema: {
        tags,
        summary: 'One customer',
        params: idParams,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) => ok(await customers.get(accessOf(request), request.params.id)),
  );

  routes.post(
    '/customers',
    {
      preValidation: access({ roles: routeRoles('customerNew') }),
      schema: {
        tags,
        summary: 'Create a customer (admin, support)',
        body: customerBodySchema,
        response: { 201: envelope(customerSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await customers.create(accessOf(request), request.body))),
  );

  routes.put(
    '/customers/:id',
    {
      preValidation: access({ roles: routeRoles('customerEdit') }),
      schema: {
        tags,
        summary: 'Edit a customer (admin, support)',
        params: idParams,
        body: customerBodySchema,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) => ok(await customers.update(accessOf(request), request.params.id, request.body)),
  );

  routes.put(
    '/customers/:id/live-settings',
    {
      preValidation: access({ roles: routeRoles('customerLiveSettings') }),
      schema: {
        tags,
        summary: "Set a customer's live-camera limits",
        params: idParams,
        body: customerLiveSettingsSchema,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) =>
      ok(await customers.setLiveSettings(accessOf(request), request.params.id, request.body)),
  );
}
