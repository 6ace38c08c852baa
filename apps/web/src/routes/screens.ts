// Route name → lazily loaded screen. Each feature's screens.ts maps the route names it shows to its
// pages (typed by the contracts route table: a misspelt name does not compile); here each feature
// is named once with the routes it serves, checked against that map; a described resource's pages
// come from its description (contracts resources/). A route whose screen is not
// built yet shows the "coming in a later release" page.
import {
  caseResource,
  customerResource,
  deviceResource,
  maintenanceItemResource,
  maintenanceResource,
  manufacturerResource,
  notificationResource,
  operatorGroupResource,
  operatorResource,
  pagesOf,
  type RouteDef,
  releaseNoteResource,
  rfidResource,
  roleResource,
  userResource,
  vehicleGroupResource,
  vehicleModelResource,
  vehicleResource,
} from '@fleetlens/contracts';
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

export const screens: FeatureScreens<Screen> = {
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
  ...feature(() => import('../features/devices/screens'), [...pagesOf(deviceResource), 'deviceDetailsView']),
  ...feature(
    () => import('../features/cases/screens'),
    [...pagesOf(caseResource), 'caseRegisterDevice', 'caseDeviceDetail', 'caseDevice', 'caseSim'],
  ),
  ...feature(() => import('../features/manufacturers/screens'), pagesOf(manufacturerResource)),
  ...feature(
    () => import('../features/maintenances/screens'),
    [
      ...pagesOf(maintenanceResource),
      ...pagesOf(maintenanceItemResource),
      'maintenanceVehicles',
      'maintenanceVehicleNew',
      'maintenanceVehicleEdit',
      'maintenanceConfirm',
      'maintenanceExecute',
    ],
  ),
  ...feature(() => import('../features/vehicle-models/screens'), pagesOf(vehicleModelResource)),
  ...feature(() => import('../features/vehicle-groups/screens'), pagesOf(vehicleGroupResource)),
  ...feature(() => import('../features/vehicles/screens'), pagesOf(vehicleResource)),
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
  ...feature(() => import('../features/migrations/screens'), ['migrationBasicInfo', 'migrationStatus']),
  ...feature(
    () => import('../features/operators/screens'),
    [
      ...pagesOf(operatorResource),
      'driverDetailView',
      'driverAssignGroup',
      'randomVideo',
      ...pagesOf(operatorGroupResource),
    ],
  ),
  ...feature(
    () => import('../features/rfids/screens'),
    [...pagesOf(rfidResource), 'rfidAssignOperator', 'rfidHistory', 'driverAssignRfid'],
  ),
  ...feature(
    () => import('../features/customers/screens'),
    [...pagesOf(customerResource), 'customerLiveSettings'],
  ),
  ...feature(() => import('../features/roles/screens'), pagesOf(roleResource)),
  ...feature(
    () => import('../features/notifications/screens'),
    [...pagesOf(notificationResource), 'notificationsExpired'],
  ),
  ...feature(
    () => import('../features/users/screens'),
    [...pagesOf(userResource), 'userLoginDevice', 'userLoginHistory'],
  ),
  ...feature(() => import('../features/release-notes/screens'), pagesOf(releaseNoteResource)),
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
