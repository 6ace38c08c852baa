// Customers (domain spec §3, console routes /customers…): list, read, create and edit for the
// provider's staff, live-camera settings. Who may call each is the route table's rule
// (contracts routeRoles); what they see is their access object's scope; the rules are in service.ts.
import {
  customerLiveSettingsSchema,
  customerResource,
  customerSchema,
  notificationResource,
  roleResource,
  userResource,
} from '@fleetlens/contracts';
import { idParams, op, resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { customerService } from './service.ts';

export const registerCustomers = routeModule(['customers'], async (route, platform) => {
  const customers = customerService(platform.database, platform.hub);

  // Besides the customers screen, the forms that choose a company (users, roles, notices) read the
  // list: whoever may open those forms reads it, within their own companies.
  const readers = [
    ...rolesOf(
      customerResource,
      userResource.pages.new,
      roleResource.pages.new,
      notificationResource.pages.new,
    ),
    ...['user:edit', 'operator:add', 'operator:edit', 'op_group:add', 'rfid:add'],
    ...['vehicle:add', 'group:add', 'manufacturer:add'],
  ];

  resource(route, customerResource, {
    service: customers,
    list: {
      rule: readers,
      summary: 'Customers the caller may see, paged (filter: name, STK user or description)',
    },
    get: { summary: 'One customer' },
    create: { summary: 'Create a customer (admin, support)' },
    edit: { summary: 'Edit a customer (admin, support)' },
  });
  route.put(
    '/customers/:id/live-settings',
    op('customerLiveSettings', "Set a customer's live-camera limits", {
      params: idParams,
      body: customerLiveSettingsSchema,
      reply: customerSchema,
    }),
    ({ access, params, body }) => customers.setLiveSettings(access, params.id, body),
  );
});
