// Driving scores (resource `op_score`, console routes /driving-score/monthly, /weekly, /daily and
// /driving-score/{timing}/operator/{id}): the scores of a period per operator, vehicle, vehicle
// group or operator group, and one operator's score with its trend, breakdown, events and the
// fleet's median; and a customer's score settings (which events beyond the harsh ones count), read
// by whoever reads the scores and set under `op_score:edit`. Who may call each is the screen's (or
// the action's) rule; what they see is their tenant scope.
import {
  ACTION_ROLES,
  drivingScoreListQuerySchema,
  drivingScorePageSchema,
  drivingScoreQuerySchema,
  operatorScoreSchema,
  scoreSettingsBodySchema,
  scoreSettingsSchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { drivingScoreService } from './service.ts';

const customerParams = z.object({ customerId: z.uuid() });

export const registerDrivingScores = routeModule(['driving-scores'], async (route, platform) => {
  const scores = drivingScoreService(platform.database);

  route.get(
    '/driving-scores',
    op(
      'drivingScoreMonthly',
      'The scores of a period (monthly, weekly, daily or a manual range) per operator, vehicle, vehicle group or operator group (subject required), paged',
      { query: drivingScoreListQuerySchema, reply: drivingScorePageSchema, exported: true },
    ),
    ({ access, query }) => scores.list(access, query),
  );

  route.get(
    '/driving-scores/operators/:id',
    op(
      'drivingScoreOperator',
      "An operator's score of a period: its trend beside the fleet's median, its breakdown per behaviour and the events behind it",
      { params: idParams, query: drivingScoreQuerySchema, reply: operatorScoreSchema },
    ),
    ({ access, params, query }) => scores.operator(access, params.id, query),
  );

  route.get(
    '/driving-scores/settings/:customerId',
    op(
      'drivingScoreMonthly',
      "A customer's score settings: which events beyond the harsh ones its scores count (none until set)",
      { params: customerParams, reply: scoreSettingsSchema },
    ),
    ({ access, params }) => scores.settings(access, params.customerId),
  );

  route.put(
    '/driving-scores/settings/:customerId',
    op(
      { roles: ACTION_ROLES.scoreSettingsEdit },
      "Set a customer's score settings: count its zone breaches or not (audited)",
      { params: customerParams, body: scoreSettingsBodySchema, reply: scoreSettingsSchema },
    ),
    ({ access, params, body }) => scores.setSettings(access, params.customerId, body),
  );
});
