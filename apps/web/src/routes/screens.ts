// Route name → lazily loaded screen. Each feature's screens.ts maps the route names it shows to its
// pages (typed by the contracts route table: a misspelt name does not compile); here each feature
// is named once with the routes it serves, checked against that map; a described resource's pages
// are registered from its description (contracts resources/), from the feature that serves it. A
// route whose screen is not built yet shows the "coming in a later release" page.
import { featureOf, pagesOf, RESOURCES, type ResourceDescription, type RouteDef } from '@fleetlens/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { FeatureScreens, RegisteredName } from './screenTypes';

type Screen = LazyExoticComponent<ComponentType>;

/** The lazily loaded screens of one feature, for the route names given (keys of its map). */
function feature<S extends FeatureScreens>(
  load: () => Promise<{ screens: S }>,
  names: readonly RegisteredName<S>[],
): FeatureScreens<Screen> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      lazy(() => load().then((m) => ({ default: m.screens[name] as ComponentType }))),
    ]),
  );
}

/** Every feature's screen map, loaded on first use (a chunk each, shared with its line below). */
const featureScreens = import.meta.glob<{ screens: FeatureScreens }>('../features/*/screens.ts');

/**
 * The pages of every described resource, from the screens of the feature that serves it (contracts
 * `featureOf`): a resource added to a feature needs no line here. `screens.test.ts` loads each.
 */
function describedPages(): FeatureScreens<Screen> {
  return Object.assign(
    {},
    ...RESOURCES.map((description: ResourceDescription) => {
      const load = featureScreens[`../features/${featureOf(description)}/screens.ts`];
      if (!load) throw new Error(`${description.path}: no features/${featureOf(description)}/screens.ts`);
      return feature(load, pagesOf(description));
    }),
  );
}

export const screens: FeatureScreens<Screen> = {
  ...describedPages(),
  ...feature(() => import('../features/charts/screens'), ['charts']),
  ...feature(
    () => import('../features/firmware/screens'),
    [
      'firmwares',
      'firmwareUpload',
      'firmwareInfo',
      'firmwareUploadedStatus',
      'firmwareUploadLogs',
      'firmwareUpdateLogs',
      'firmwareDevice',
      'firmwareUpdatedStatus',
      'firmwareSchedule',
    ],
  ),
  ...feature(
    () => import('../features/reports/screens'),
    ['reportListings', 'reportNew', 'reportEdit', 'reportDetail'],
  ),
  ...feature(() => import('../features/devices/screens'), ['deviceDetailsView']),
  ...feature(
    () => import('../features/cases/screens'),
    ['caseRegisterDevice', 'caseDeviceDetail', 'caseDevice', 'caseSim'],
  ),
  ...feature(
    () => import('../features/maintenances/screens'),
    [
      'maintenanceVehicles',
      'maintenanceVehicleNew',
      'maintenanceVehicleEdit',
      'maintenanceConfirm',
      'maintenanceExecute',
      'maintenanceComment',
    ],
  ),
  ...feature(() => import('../features/pre-shift-checks/screens'), ['preShiftChecks']),
  ...feature(() => import('../features/maps/screens'), ['dashboard', 'vehicleMap', 'deviceDriveRoute']),
  ...feature(() => import('../features/live-camera/screens'), ['liveCamera', 'liveCameraViewer']),
  ...feature(
    () => import('../features/drive-summary/screens'),
    ['vehicleDriveSummary', 'groupDriveSummary', 'operatorDriveSummary', 'operatorGroupDriveSummary'],
  ),
  ...feature(
    () => import('../features/driving-scores/screens'),
    ['drivingScoreMonthly', 'drivingScoreWeekly', 'drivingScoreDaily', 'drivingScoreOperator'],
  ),
  ...feature(() => import('../features/audit/screens'), ['auditLog']),
  ...feature(() => import('../features/jobs/screens'), ['jobs']),
  ...feature(() => import('../features/downloads/screens'), ['downloadRequest', 'downloadResult']),
  ...feature(
    () => import('../features/migrations/screens'),
    ['migrationBasicInfo', 'migrationPastData', 'migrationSettings', 'migrationStatus'],
  ),
  ...feature(
    () => import('../features/operators/screens'),
    ['driverDetailView', 'driverAssignGroup', 'randomVideo'],
  ),
  ...feature(
    () => import('../features/rfids/screens'),
    ['rfidAssignOperator', 'rfidHistory', 'driverAssignRfid'],
  ),
  ...feature(() => import('../features/customers/screens'), ['customerLiveSettings']),
  ...feature(() => import('../features/notifications/screens'), ['notificationsExpired']),
  ...feature(() => import('../features/users/screens'), ['userLoginDevice', 'userLoginHistory']),
  ...feature(() => import('../features/manuals/screens'), ['manuals']),
  ...feature(() => import('../features/files/screens'), ['fileNew', 'fileEdit', 'fileView']),
  ...feature(() => import('../features/events/screens'), ['eventSummary', 'eventDetail']),
  ...feature(() => import('../features/event-map/screens'), ['eventMap']),
  ...feature(() => import('../features/event-reviews/screens'), ['eventInbox']),
  ...feature(() => import('../features/videos/screens'), ['videoCreate', 'eventVideo', 'videoHistory']),
  ...feature(() => import('../features/fuel/screens'), ['fuelResultsEntry', 'fuelReport']),
  ...feature(
    () => import('../features/tachograph/screens'),
    ['tachographs', 'tachographHistory', 'tachographDetails'],
  ),
};

export const ComingSoonScreen = lazy(() =>
  import('./ComingSoonPage').then((m) => ({ default: m.ComingSoonPage })),
);

export function screenFor(route: RouteDef): Screen {
  const screen = route.built === false ? undefined : screens[route.name as keyof typeof screens];
  return screen ?? ComingSoonScreen;
}
