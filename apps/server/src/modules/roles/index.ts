// Custom roles (console routes /roles…): list for admin and support, create, edit and delete (of a
// role no user holds) for admin (spec §6). The rules are in service.ts.
import { roleResource, userResource } from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { roleService } from './service.ts';

export const registerRoles = routeModule(['roles'], async (route, platform) => {
  // The roles screen reads roles, and so does the user form of whoever may create users (to
  // offer their company's roles); both stay within the caller's companies.
  const readers = [...rolesOf(roleResource, userResource.pages.new), 'user:edit'];
  resource(route, roleResource, {
    service: roleService(platform.database, platform.hub),
    list: {
      rule: readers,
      summary: 'Custom roles, paged (filter: role or company name; customer_id: one company)',
    },
    get: { summary: 'One custom role' },
    create: { summary: 'Create a custom role (admin)' },
    edit: { summary: 'Edit a custom role (admin)' },
    remove: { summary: 'Delete a custom role that no user holds (admin)' },
  });
});
