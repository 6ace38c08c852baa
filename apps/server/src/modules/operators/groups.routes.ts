// Operator groups (domain spec §3 "Group", console route /operator-groups): list, one group with
// its members, create, edit, delete. The rules are in groups.service.ts.
import {
  operatorGroupCreateSchema,
  operatorGroupDetailSchema,
  operatorGroupListQuerySchema,
  operatorGroupSchema,
  operatorGroupUpdateSchema,
} from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { operatorGroupService } from './groups.service.ts';

export const registerOperatorGroups = routeModule(['operator-groups'], async (route, platform) => {
  // The groups screen, and the forms that pick a group: operators, group assignment, RFID cards.
  const readers = rolesOf('operatorGroups', 'drivers', 'driverAssignGroup', 'rfids');
  resource(route, '/operator-groups', {
    record: operatorGroupDetailSchema,
    item: operatorGroupSchema,
    query: operatorGroupListQuerySchema,
    body: operatorGroupCreateSchema,
    update: operatorGroupUpdateSchema,
    service: operatorGroupService(platform.database),
    list: {
      rule: readers,
      summary: 'Operator groups the caller may see, paged (filter: name or description)',
    },
    get: { rule: 'operatorGroups', summary: 'One operator group with its members' },
    create: {
      rule: 'operatorGroupAdd',
      summary: 'Create an operator group in one of the caller’s companies',
    },
    edit: { rule: 'operatorGroupEdit', summary: 'Edit an operator group (its company stays)' },
    remove: {
      rule: 'operatorGroupDelete',
      summary: 'Delete an operator group that has no operators and no cards',
    },
  });
});
