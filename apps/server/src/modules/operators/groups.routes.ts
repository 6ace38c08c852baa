// Operator groups (domain spec §3 "Group", console route /operator-groups): list, one group with
// its members, create, edit, delete. The rules are in groups.service.ts.
import { operatorGroupResource, operatorResource, rfidResource } from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { operatorGroupService } from './groups.service.ts';

export const registerOperatorGroups = routeModule(['operator-groups'], async (route, platform) => {
  // The groups screen, and the forms that pick a group: operators, group assignment, RFID cards.
  const readers = rolesOf(operatorGroupResource, operatorResource, 'driverAssignGroup', rfidResource);
  resource(route, operatorGroupResource, {
    service: operatorGroupService(platform.database),
    list: {
      rule: readers,
      summary: 'Operator groups the caller may see, paged (filter: name or description)',
    },
    get: { summary: 'One operator group with its members' },
    create: {
      summary: 'Create an operator group in one of the caller’s companies',
    },
    edit: { summary: 'Edit an operator group (its company stays)' },
    remove: {
      summary: 'Delete an operator group that has no operators and no cards',
    },
  });
});
