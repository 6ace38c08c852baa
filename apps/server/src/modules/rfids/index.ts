// RFID cards (domain spec §3, §4, §8; console routes /rfids, /rfid/…): list, one card, register,
// edit, delete, assignment to an operator and removal, and the dated history. The rules are in
// service.ts.
import { rfidAssignSchema, rfidHistoryRowSchema, rfidResource, rfidSchema } from '@fleetlens/contracts';
import { z } from 'zod';
import { idParams, op, resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { rfidService } from './service.ts';

export const registerRfids = routeModule(['rfids'], async (route, platform) => {
  const cards = rfidService(platform.database);
  const assigners = 'rfidAssignOperator';

  resource(route, rfidResource, {
    service: cards,
    list: {
      rule: rolesOf(rfidResource, 'driverAssignRfid'),
      summary: 'RFID cards the caller may see, paged (filter: card, owner, kitting id, operator)',
    },
    get: { summary: 'One RFID card' },
    create: { summary: 'Register an RFID card in one of the caller’s companies' },
    edit: { summary: 'Edit an RFID card (its company stays)' },
    remove: { summary: 'Delete an RFID card that no operator holds' },
  });
  route.get(
    '/rfids/:id/history',
    op('rfidHistory', "A card's assignments, newest first", {
      params: idParams,
      reply: z.array(rfidHistoryRowSchema),
    }),
    ({ access, params }) => cards.history(access, params.id),
  );
  route.post(
    '/rfids/:id/assignment',
    op(assigners, 'Assign the card to an operator of its company', {
      params: idParams,
      body: rfidAssignSchema,
      reply: rfidSchema,
    }),
    ({ access, params, body }) => cards.assign(access, params.id, body.operator_id),
  );
  route.delete(
    '/rfids/:id/assignment',
    op(assigners, 'Remove the card from its operator (the assignment stays in the history)', {
      params: idParams,
      reply: rfidSchema,
    }),
    ({ access, params }) => cards.unassign(access, params.id),
  );
});
