// Operators (drivers; domain spec §3, console routes /drivers…): list, one operator, create,
// edit, delete, group assignment and the random video batch (/management/random-video). The
// rules are in service.ts.
import {
  operatorGroupAssignSchema,
  operatorResource,
  operatorSchema,
  randomVideoBatchSchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { idParams, op, resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { operatorService } from './service.ts';

export const registerOperators = routeModule(['operators'], async (route, platform) => {
  const operators = operatorService(platform.database);
  // The operators screen, and the screens that pick operators: random video, card assignment.
  const readers = rolesOf(operatorResource, 'randomVideo', 'rfidAssignOperator');

  resource(route, operatorResource, {
    service: operators,
    list: {
      rule: readers,
      summary: 'Operators the caller may see, paged (filter: operator id, name, license number, phone)',
    },
    get: {
      rule: rolesOf(operatorResource.pages.detail, 'driverAssignRfid'),
      summary: 'One operator',
    },
    create: { summary: 'Create an operator in one of the caller’s companies' },
    edit: { summary: 'Edit an operator (the company stays)' },
    remove: {
      summary: 'Delete an operator; a card it holds is removed from it, its history kept',
    },
  });

  route.put(
    '/operators/random-video',
    op('randomVideoEdit', 'Set the random video settings of many operators at once (all or nothing)', {
      body: randomVideoBatchSchema,
      reply: z.object({ updated: z.number().int() }),
    }),
    ({ access, body }) => operators.setRandomVideo(access, body),
  );

  route.put(
    '/operators/:id/group',
    op('driverAssignGroup', 'Put an operator in a group of its company, or in none', {
      params: idParams,
      body: operatorGroupAssignSchema,
      reply: operatorSchema,
    }),
    ({ access, params, body }) => operators.assignGroup(access, params.id, body.group_id),
  );
});
