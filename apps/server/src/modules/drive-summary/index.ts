// Drive summaries (resource `drive_sum`): a vehicle's, a vehicle group's, an operator's and an
// operator group's operating time, distance, stops and harsh events per interval (hour, day, week,
// month) between start and end, in the caller's time setting. The API paths follow the screens'
// objects; who may call each is the screen's rule (contracts routeRoles), what they see is their
// tenant scope; the figures are put together in service.ts, read from the figure tables that the
// figures job keeps current (figures.ts).
import { type DriveSummarySubject, driveSummaryQuerySchema, driveSummarySchema } from '@fleetlens/contracts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { FIGURES_EVERY_MS, figuresJob } from './figures.ts';
import { driveSummaryService } from './service.ts';

const ROUTES: { path: string; kind: DriveSummarySubject; screen: string; what: string }[] = [
  {
    path: '/vehicles/:id/drive-summary',
    kind: 'vehicle',
    screen: 'vehicleDriveSummary',
    what: "A vehicle's",
  },
  {
    path: '/vehicle-groups/:id/drive-summary',
    kind: 'vehicleGroup',
    screen: 'groupDriveSummary',
    what: "A vehicle group's",
  },
  {
    path: '/operators/:id/drive-summary',
    kind: 'operator',
    screen: 'operatorDriveSummary',
    what: "An operator's",
  },
  {
    path: '/operator-groups/:id/drive-summary',
    kind: 'operatorGroup',
    screen: 'operatorGroupDriveSummary',
    what: "An operator group's",
  },
];

export const registerDriveSummary = routeModule(['drive-summary'], async (route, platform, app) => {
  // The figures the summaries read, kept current as device data arrives (figures.ts).
  const figures = platform.jobs.start(figuresJob(platform.database), FIGURES_EVERY_MS);
  app.addHook('onClose', async () => figures.stop());
  const summaries = driveSummaryService(platform.database);

  for (const { path, kind, screen, what } of ROUTES) {
    route.get(
      path,
      op(
        screen,
        `${what} operating time, distance, stops and harsh events per interval (default: today by hour)`,
        {
          params: idParams,
          query: driveSummaryQuerySchema,
          reply: driveSummarySchema,
        },
      ),
      ({ access, params, query }) => summaries.of(access, kind, params.id, query),
    );
  }
});
