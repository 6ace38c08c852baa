// Customers (domain spec §3, console routes /customers…): list, read, create and edit for the
// provider's staff, live-camera settings. Who may call each is the route table's rule
// (contracts routeRoles); what they see is their tenant scope (platform/tenancy.ts).
import {
  type AuditAction,
  customerBodySchema,
  customerLiveSettingsSchema,
  customerSchema,
  listPageSchema,
  listQuerySchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { audited } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import { visibleCustomerIds } from '../../platform/tenancy.ts';
import { pushProfileChanged } from '../users/profileChanged.ts';
import {
  customerExists,
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomer,
  updateLiveSettings,
  wouldLoop,
} from './repository.ts';

const idParams = z.object({ id: z.uuid() });
const UNIQUE = {
  customers_stk_user_key: { field: 'stk_user', key: 'stkUserInUse' },
  customers_parent_name_key: { field: 'name', key: 'customerNameInUse' },
};

export async function registerCustomers(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope, hub } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  // Every write is recorded in the audit log (platform/audit.ts), in its own transaction.
  const audit = (request: FastifyRequest, action: AuditAction, id?: string) => ({
    actor: principalOf(request),
    entity: 'customer',
    table: 'customers',
    action,
    id,
    customerColumn: 'id',
  });

  const mustFind = async (scope: string[] | null, id: string) =>
    found(await findCustomer(database, scope, id));

  async function checkParent(id: string | null, parentId: string | null): Promise<void> {
    if (parentId === null) return;
    if (!(await customerExists(database, parentId)))
      throw new ApiError('validation', { fields: [{ field: 'parent_id', key: 'parentNotFound' }] });
    if (id && (await wouldLoop(database, id, parentId)))
      throw new ApiError('validation', { fields: [{ field: 'parent_id', key: 'parentCycle' }] });
  }

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
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      return ok(pageOf(request.query, await listCustomers(database, scope, request.query)));
    },
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
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      return ok(await mustFind(scope, request.params.id));
    },
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
    async (request, reply) => {
      await checkParent(null, request.body.parent_id);
      const id = await uniqueOn(UNIQUE, () =>
        audited(database, audit(request, 'create'), (tx) => insertCustomer(tx, request.body)),
      );
      return reply.status(201).send(ok(await mustFind(null, found(id))));
    },
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
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      const before = await mustFind(scope, request.params.id);
      await checkParent(request.params.id, request.body.parent_id);
      await uniqueOn(UNIQUE, () =>
        audited(database, audit(request, 'update', before.id), async (tx) =>
          (await updateCustomer(tx, before.id, request.body)) ? before.id : undefined,
        ),
      );
      // The company's functions decide its users' screens (spec §4: they re-read their access).
      const after = await mustFind(scope, before.id);
      if ([...before.functions].sort().join() !== [...after.functions].sort().join())
        await pushProfileChanged(database, hub, { customerId: before.id });
      return ok(after);
    },
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
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      const saved = await audited(database, audit(request, 'update', request.params.id), async (tx) =>
        (await updateLiveSettings(tx, scope, request.params.id, request.body))
          ? request.params.id
          : undefined,
      );
      if (!saved) throw new ApiError('notFound');
      return ok(await mustFind(scope, request.params.id));
    },
  );
}
