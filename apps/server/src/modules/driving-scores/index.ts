// Driving scores (resource `op_score`, console routes /driving-score/monthly, /weekly, /daily and
// /driving-score/{timing}/operator/{id}): the scores of a period per operator, vehicle, vehicle
// group or operator group, and one operator's score with its trend, breakdown, events and the
// fleet's median. Who may call each is the screen's rule; what they see is their tenant scope.
import {
  drivingScoreListQuerySchema,
  drivingScorePageSchema,
  drivingScoreQuerySchema,
  operatorScoreSchema,
} from '@fleetlens/contracts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { drivingScoreService } from './service.ts';

export const registerDrivingScores = routeModule(['driving-scores'], async (route, platform) => {
  const scores = drivingScoreService(platform.database);

  route.get(
    '/driving-scores',
    op(
      'drivingScoreMonthly',
      'The scores of a period (monthly, weekly, daily or a manual range) per operator, vehicle, vehicle group or operator group (subject required), paged',
      { query: drivingScoreListQuerySchema, reply: drivingScorePageSchema },
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
});
