// The route table of spec §2.4 with the roles and customer functions each route needs, and the
// filtering of §2.5 and §6. The spec gives only a few role lists; the rest is our design, written
// down in docs/access-model.md: provider staff reach their working areas, customer users reach a
// screen through the privilege of its resource ({resource}:{action}).
import type { CustomerFunction, DownloadRole, SysRole } from './roles.ts';
import { hasSomeFunction, hasSomeRole } from './roles.ts';

export interface RouteDef<N extends string = string> {
  /** Names the screen, the cached view and the translation key; unique among pages (a section
   *  may share the name of its main page). */
  name: N;
  /** Absolute path; '' for a section that is only a sidebar group. */
  path: string;
  /** Key in the route namespace (sections.* or pages.*). */
  titleKey: string;
  icon?: string;
  /** Not in the sidebar (detail and form pages). */
  hidden?: boolean;
  /** Roles (system roles and privileges) of which the user needs one; none = everyone. */
  roles?: readonly string[];
  /** Customer functions of which the user's customer needs one; none = no requirement. */
  functions?: readonly string[];
  /** Download roles allowed; none = every download role (spec §6, managerial data). */
  downloadRoles?: readonly DownloadRole[];
  /** System roles that never see it (kitting hides the root charts entry). */
  excludeSysRoles?: readonly SysRole[];
  redirect?: string;
  /** The sidebar item lit while a hidden page shows. */
  activeMenu?: string;
  /** The tab stays open (cannot be closed). */
  affix?: boolean;
  /** The view is not kept alive when its tab is left. */
  noCache?: boolean;
  /** False while the screen is built by a later issue: the shell shows "coming in a later release". */
  built?: boolean;
  children?: RouteDef[];
}

type Extra = Omit<RouteDef, 'name' | 'path' | 'titleKey' | 'roles'>;

// The helpers keep each route's name as a literal type, so `RouteName` below lists them all.
const page = <const N extends string>(
  name: N,
  path: string,
  roles?: readonly string[],
  extra: Extra = {},
): RouteDef<N> => ({
  name,
  path,
  titleKey: `pages.${name}`,
  ...(roles ? { roles } : {}),
  ...extra,
});
const hiddenPage = <const N extends string>(
  name: N,
  path: string,
  activeMenu: string,
  roles?: readonly string[],
  extra: Extra = {},
) => page(name, path, roles, { hidden: true, activeMenu, noCache: true, ...extra });
const section = <const N extends string, C extends RouteDef[]>(
  name: N,
  icon: string,
  children: C,
): RouteDef<N> & { children: C } => ({
  name,
  path: '',
  titleKey: `sections.${name}`,
  icon,
  children,
});

// Staff shorthands; admin passes every check by itself.
const S = 'support';
const SA = 'sales';
const K = 'kitting';

const table = [
  page('charts', '/virtualization', undefined, { icon: 'charts', affix: true, excludeSysRoles: ['kitting'] }),
  section('customers', 'customers', [
    page('customers', '/customers', [S, SA, K, 'customer:view']),
    hiddenPage('customerNew', '/customers/new', '/customers', [S]),
    hiddenPage('customerEdit', '/customers/:id/edit', '/customers', [S]),
    // Limits are the provider's to set (a customer's own customer:edit does not raise them).
    hiddenPage('customerLiveSettings', '/customers/:id/live-settings', '/customers', [S]),
    page('cases', '/cases', [S, SA, K, 'case:view']),
    hiddenPage('caseNew', '/cases/new', '/cases', [S, SA, K, 'case:add']),
    hiddenPage('caseEdit', '/cases/:id/edit', '/cases', [S, SA, K, 'case:edit']),
    hiddenPage('caseDetail', '/cases/:id/detail', '/cases', [S, SA, K, 'case:view']),
    hiddenPage('caseRegisterDevice', '/cases/:id/vehicles/:vehicleId/edit-register-device', '/cases', [
      S,
      K,
      'case:edit',
    ]),
    hiddenPage('caseDeviceDetail', '/cases/:id/vehicles/:vehicleId/detail-device', '/cases', [
      S,
      SA,
      K,
      'case:view',
    ]),
    hiddenPage('caseDevice', '/cases/:id/device/:deviceId', '/cases', [S, SA, K, 'case:view']),
    hiddenPage('caseSim', '/cases/:id/sim/:simId', '/cases', [S, SA, K, 'case:view']),
  ]),
  section('users', 'users', [
    page('users', '/users', [S, SA, 'user:view']),
    hiddenPage('userNew', '/users/new', '/users', [S, SA, 'user:add']),
    // Everyone reaches their own profile here (user menu); the screen and the API allow others'
    // profiles only to those who may edit users.
    hiddenPage('userEdit', '/users/:id/edit', '/users'),
    hiddenPage('userLoginHistory', '/users/:id/login-history', '/users', [S, SA, 'user:view']),
    hiddenPage('userLoginDevice', '/users/:id/login-device', '/users', [S, 'user:edit']),
    // Beyond the spec (docs/decisions/2026-12-07-service-accounts.md): the machine users
    // of a company, managed by whoever manages its users.
    page('serviceAccounts', '/service-accounts', [S, SA, 'user:view']),
    hiddenPage('serviceAccountNew', '/service-accounts/new', '/service-accounts', [S, SA, 'user:add']),
    // Their webhooks (docs/decisions/2026-12-07-webhooks.md): the same managers.
    page('webhooks', '/webhooks', [S, SA, 'user:view']),
    hiddenPage('webhookNew', '/webhooks/new', '/webhooks', [S, SA, 'user:add']),
    hiddenPage('webhookEdit', '/webhooks/:id/edit', '/webhooks', [S, SA, 'user:edit']),
    page('roles', '/roles', [S]),
    hiddenPage('roleNew', '/roles/new', '/roles', ['admin']),
    hiddenPage('roleEdit', '/roles/:id/edit', '/roles', ['admin']),
    // Administrative changes (customers, roles, users, notices...): admins only.
    page('auditLog', '/audit-log', ['admin']),
    // Every customer's long-running jobs (downloads, imports): the provider's admins and support.
    page('jobs', '/jobs', ['admin', S]),
  ]),
  section('masters', 'masters', [
    page('manufacturers', '/manufacturers', [S, K, 'manufacturer:view']),
    hiddenPage('manufacturerNew', '/manufacturers/new', '/manufacturers', [S, K, 'manufacturer:add']),
    hiddenPage('manufacturerEdit', '/manufacturers/:id/edit', '/manufacturers', [S, K, 'manufacturer:edit']),
    page('vehicleModels', '/vehicle-models', [S, K, 'veh_mod:view']),
    hiddenPage('vehicleModelNew', '/vehicle-models/new', '/vehicle-models', [S, K, 'veh_mod:add']),
    hiddenPage('vehicleModelEdit', '/vehicle-models/:id/edit', '/vehicle-models', [S, K, 'veh_mod:edit']),
  ]),
  section('vehicles', 'vehicles', [
    page('vehicles', '/vehicles', [S, SA, K, 'vehicle:view']),
    hiddenPage('vehicleNew', '/vehicles/new', '/vehicles', [S, K, 'vehicle:add']),
    hiddenPage('vehicleEdit', '/vehicles/:id/edit', '/vehicles', [S, K, 'vehicle:edit']),
    hiddenPage('vehicleDetails', '/vehicles/:id/details', '/vehicles', [S, SA, K, 'vehicle:view']),
    hiddenPage('vehicleMap', '/vehicles/:id/map', '/vehicles', [S, SA, K, 'location:view']),
    hiddenPage('vehicleDriveSummary', '/vehicles/:vehicleId/drive-summary', '/vehicles', [
      S,
      SA,
      'drive_sum:view',
    ]),
    page('vehicleGroups', '/vehicle-groups', [S, 'group:view']),
    hiddenPage('groupDriveSummary', '/groups/:groupId/drive-summary', '/vehicle-groups', [
      S,
      'drive_sum:view',
    ]),
    page('dashboard', '/dashboard', [S, SA, 'dashboard:view'], { functions: ['d-map'] }),
    // Site safety zones (docs/decisions/2026-12-07-zones.md): read as maps are read, written with the
    // site plan's privilege resource; removing one is the description's action (resources/index.ts).
    page('zones', '/zones', [S, SA, K, 'location:view']),
    hiddenPage('zoneNew', '/zones/new', '/zones', [S, 'location:add']),
    hiddenPage('zoneEdit', '/zones/:id/edit', '/zones', [S, 'location:edit']),
    // Beyond the spec's table (docs/decisions/2026-11-26-live-camera.md): a vehicle's cameras live.
    // Support too: it gives customers' roles camera:view (staff give only what they hold), and a
    // camera that does not stream is support's to look at; every view is recorded.
    page('liveCamera', '/live-camera', [S, 'camera:view'], { functions: ['l-video'] }),
    hiddenPage('liveCameraViewer', '/live-camera/:vehicleId', '/live-camera', [S, 'camera:view'], {
      functions: ['l-video'],
    }),
  ]),
  section('devices', 'devices', [
    page('devices', '/devices', [S, K, 'device:view']),
    hiddenPage('deviceNew', '/devices/new', '/devices', [S, K, 'device:add']),
    hiddenPage('deviceEdit', '/devices/:id/edit', '/devices', [S, K, 'device:edit']),
    hiddenPage('deviceDetails', '/devices/:deviceId/details', '/devices', [S, K, 'device:view']),
    hiddenPage('deviceDetailsView', '/views/devices/:deviceId/details', '/devices', [S, K, 'device:view']),
    hiddenPage('deviceDriveRoute', '/devices/:deviceId/drive-route', '/devices', [S, K, 'location:view'], {
      functions: ['r-map'],
    }),
  ]),
  section('firmware', 'firmware', [
    page('firmwares', '/firmwares', [S, K]),
    hiddenPage('firmwareUpload', '/firmwares/:id/upload', '/firmwares', [S, K]),
    hiddenPage('firmwareInfo', '/firmwares/:id/info', '/firmwares', [S, K]),
    page('firmwareUploadLogs', '/firmwares/upload-logs', [S, K]),
    page('firmwareUpdateLogs', '/firmwares/update-logs', [S, K]),
    hiddenPage('firmwareDevice', '/firmwares/device/:id', '/firmwares', [S, K]),
    hiddenPage('firmwareUploadedStatus', '/firmwares/:id/uploaded-status', '/firmwares', [S, K]),
    hiddenPage('firmwareUpdatedStatus', '/firmwares/:id/updated-status', '/firmwares', [S, K]),
    hiddenPage('firmwareSchedule', '/firmwares/:id/schedule-setting', '/firmwares', [S, K]),
  ]),
  section('operators', 'operators', [
    page('drivers', '/drivers', [S, SA, 'operator:view']),
    hiddenPage('driverNew', '/drivers/new', '/drivers', [S, 'operator:add']),
    hiddenPage('driverEdit', '/drivers/:id/edit', '/drivers', [S, 'operator:edit']),
    hiddenPage('driverDetail', '/drivers/:id/detail', '/drivers', [S, SA, 'operator:view']),
    hiddenPage('driverDetailView', '/views/drivers/:id/detail', '/drivers', [S, SA, 'operator:view']),
    hiddenPage('driverAssignRfid', '/drivers/:id/assign-rfid', '/drivers', [S, 'rfid:edit']),
    hiddenPage('driverAssignGroup', '/views/drivers/:id/assign-group', '/drivers', [S, 'op_group:edit']),
    hiddenPage('operatorDriveSummary', '/operator/:operatorId/driveSummary', '/drivers', [
      S,
      'drive_sum:view',
    ]),
    page('operatorGroups', '/operator-groups', [S, 'op_group:view']),
    hiddenPage('operatorGroupDriveSummary', '/operator-groups/:groupId/drive-summary', '/operator-groups', [
      S,
      'drive_sum:view',
    ]),
    page('rfids', '/rfids', [S, K, 'rfid:view']),
    hiddenPage('rfidNew', '/rfid/new', '/rfids', [S, K, 'rfid:add']),
    hiddenPage('rfidEdit', '/rfid/:id/edit', '/rfids', [S, K, 'rfid:edit']),
    hiddenPage('rfidAssignOperator', '/rfid/:rfid/assign-operator', '/rfids', [S, 'rfid:edit']),
    hiddenPage('rfidHistory', '/rfid/:rfid/history', '/rfids', [S, K, 'rfid:view']),
    page('randomVideo', '/management/random-video', [S, 'ran_vid:view']),
  ]),
  section('events', 'events', [
    page('eventSummary', '/event-summary', [S, SA, 'event:view']),
    hiddenPage('eventDetail', '/event-summary/:eventId/event-detail', '/event-summary', [
      S,
      SA,
      'event:view',
    ]),
    // Beyond the spec: what waits for the reviewer (docs/decisions/2026-11-26-event-review-workflow.md).
    page('eventInbox', '/event-inbox', [S, 'event:edit']),
    page('eventMap', '/event-map', [S, SA, 'event:view'], { functions: ['e-map'] }),
    page('eventVideo', '/event-video', [S, 'event_vid:view']),
    page('videoHistory', '/video-history', [S, 'event_vid:view']),
  ]),
  section('drivingScore', 'drivingScore', [
    page('drivingScoreMonthly', '/driving-score/monthly', [S, SA, 'op_score:view']),
    page('drivingScoreWeekly', '/driving-score/weekly', [S, SA, 'op_score:view']),
    page('drivingScoreDaily', '/driving-score/daily', [S, SA, 'op_score:view']),
    hiddenPage('drivingScoreOperator', '/driving-score/:timing/operator/:id', '/driving-score/monthly', [
      S,
      SA,
      'op_score:view',
    ]),
  ]),
  section('reports', 'reports', [
    { ...page('report', '/report', [S, SA, 'report:view']), hidden: true, redirect: '/report/listings' },
    page('reportListings', '/report/listings', [S, SA, 'report:view']),
    hiddenPage('reportNew', '/report/new', '/report/listings', [S, 'rep_set:add']),
    hiddenPage('reportEdit', '/report/:id/edit', '/report/listings', [S, 'rep_set:edit']),
    hiddenPage('reportDetail', '/report/:id/detail', '/report/listings', [S, SA, 'report:view']),
  ]),
  section('maintenance', 'maintenance', [
    page('maintenances', '/maintenances', [S, 'maintenance:view']),
    hiddenPage('maintenanceNew', '/maintenances/new', '/maintenances', [S, 'maintenance:add']),
    hiddenPage('maintenanceEdit', '/maintenances/:id/edit', '/maintenances', [S, 'maintenance:edit']),
    hiddenPage('maintenanceVehicles', '/maintenances/:id/vehicles', '/maintenances', [S, 'maintenance:view']),
    hiddenPage('maintenanceVehicleNew', '/maintenances/:id/vehicles/new', '/maintenances', [
      S,
      'maintenance:add',
    ]),
    hiddenPage('maintenanceVehicleEdit', '/maintenances/:id/vehicles/:vehicleId/edit', '/maintenances', [
      S,
      'maintenance:edit',
    ]),
    // The spec's confirm and execute screens: a vehicle's state and history, and recording a maintenance.
    hiddenPage('maintenanceConfirm', '/maintenances/:id/vehicles/:vehicleId/confirm', '/maintenances', [
      S,
      'maintenance:view',
    ]),
    hiddenPage('maintenanceExecute', '/maintenances/:id/vehicles/:vehicleId/execute', '/maintenances', [
      S,
      'maintenance:edit',
    ]),
    page('maintenanceComment', '/maintenances/comment', [S, 'maintenance:edit']),
    page('maintenanceMasters', '/maintenances/masters', [S, 'maintenance:edit']),
    // Pre-shift checks (docs/decisions/2026-12-07-pre-shift-checks.md): the checklists and the
    // answered checks go with the maintenance privileges; a failed check opens a repair here.
    page('preShiftChecks', '/pre-shift-checks', [S, 'maintenance:view']),
    page('preShiftTemplates', '/pre-shift-templates', [S, 'maintenance:view']),
    hiddenPage('preShiftTemplateNew', '/pre-shift-templates/new', '/pre-shift-templates', [
      S,
      'maintenance:add',
    ]),
    hiddenPage('preShiftTemplateEdit', '/pre-shift-templates/:id/edit', '/pre-shift-templates', [
      S,
      'maintenance:edit',
    ]),
  ]),
  section('fuel', 'fuel', [
    page('fuelResultsEntry', '/fuel-management/results-entry', [S, 'fuel:add']),
    page('fuelReport', '/fuel-management/report', [S, SA, 'fuel:view'], { functions: ['oil-mgt'] }),
  ]),
  section('tachograph', 'tachograph', [
    page('tachographs', '/digital-tachograph', [S, 'digi_tacho:view'], { functions: ['digi-tacho'] }),
    page('tachographHistory', '/digital-tachograph/driving-history', [S, 'digi_tacho:view'], {
      functions: ['digi-tacho'],
    }),
    hiddenPage(
      'tachographDetails',
      '/digital-tachograph/:id/details',
      '/digital-tachograph',
      [S, 'digi_tacho:view'],
      {
        functions: ['digi-tacho'],
      },
    ),
  ]),
  section('dataMigration', 'dataMigration', [
    page('migrationBasicInfo', '/data-migration/basic-info-import', [S, K]),
    page('migrationPastData', '/data-migration/past-data-transfer', [S, K]),
    page('migrationSettings', '/data-migration/settings', [S, K]),
    page('migrationStatus', '/data-migration/status', [S, K]),
  ]),
  section('managerialData', 'managerialData', [
    {
      ...page('managerialData', '/managerial-data', undefined, { downloadRoles: ['request'] }),
      hidden: true,
      redirect: '/download-request',
    },
    page('downloadRequest', '/download-request', undefined, { downloadRoles: ['request'] }),
    page('downloadResult', '/download-result', undefined, { downloadRoles: ['request', 'download'] }),
  ]),
  section('notices', 'notices', [
    page('notifications', '/notifications/listings'),
    page('notificationsExpired', '/notifications/expired/listings'),
    hiddenPage('notificationNew', '/notifications/new', '/notifications/listings', [K, SA]),
    hiddenPage('notificationEdit', '/notifications/:id/edit', '/notifications/listings', [K, SA]),
    page('releaseNotes', '/release-note/listings'),
    hiddenPage('releaseNoteNew', '/release-note/new', '/release-note/listings', ['admin']),
    hiddenPage('releaseNoteEdit', '/release-note/:id/edit', '/release-note/listings', ['admin']),
    page('manuals', '/manuals', [S]),
    hiddenPage('fileNew', '/files/new', '/release-note/listings', undefined, { functions: ['file-upld'] }),
    hiddenPage('fileEdit', '/files/edit', '/release-note/listings', undefined, { functions: ['file-upld'] }),
    hiddenPage('fileView', '/files/:type/:type_id/view/:id', '/release-note/listings', undefined, {
      functions: ['file-upld'],
    }),
  ]),
];

export const routeTable: RouteDef[] = table;

/** Routes every signed-in user reaches, whatever the roles (the spec's "public routes"). */
const constants = [
  hiddenPage('redirect', '/redirect/*', ''),
  hiddenPage('unauthorized', '/401', ''),
  hiddenPage('videoCreate', '/video/:vehicleId/create', ''),
  hiddenPage('profile', '/profile/index', ''),
];
export const constantRoutes: RouteDef[] = constants;

type NamesIn<R> = R extends { name: infer N extends string }
  ? N | (R extends { children: infer C extends readonly unknown[] } ? NamesIn<C[number]> : never)
  : never;
/** The name of every route of the console (pages and sections): a screen registry keyed by it
 *  fails to compile on a misspelt name. */
export type RouteName = NamesIn<(typeof table)[number] | (typeof constants)[number]>;

/** Reachable without signing in (spec §2.2). */
export const publicRoutes: RouteDef[] = [
  { name: 'notFound', path: '/404', titleKey: 'pages.notFound', hidden: true },
  { name: 'forbidden', path: '/403', titleKey: 'pages.forbidden', hidden: true },
];

export interface RouteAccess {
  sysRole: SysRole;
  /** userRoleList(sysRole, privileges). */
  roles: readonly string[];
  functions: readonly string[];
  downloadRole: DownloadRole;
}

function allowed(route: RouteDef, user: RouteAccess): boolean {
  if (route.excludeSysRoles?.includes(user.sysRole)) return false;
  if (route.roles && route.roles.length > 0 && !hasSomeRole(user.roles, route.roles)) return false;
  if (route.functions && route.functions.length > 0 && !hasSomeFunction(user.functions, route.functions))
    return false;
  if (route.downloadRoles && !route.downloadRoles.includes(user.downloadRole)) return false;
  return true;
}

/**
 * Spec §2.5 and §6: keep a route when the roles, customer functions and download role allow it,
 * children filtered recursively; a section left without children goes. Admin gets every route.
 */
export function filterRoutes(routes: readonly RouteDef[], user: RouteAccess): RouteDef[] {
  if (user.sysRole === 'admin') return [...routes];
  const out: RouteDef[] = [];
  for (const route of routes) {
    if (!allowed(route, user)) continue;
    if (route.children) {
      const children = filterRoutes(route.children, user);
      if (children.length === 0 && !route.path) continue;
      out.push({ ...route, children });
    } else {
      out.push(route);
    }
  }
  return out;
}

function firstPath(route: RouteDef | undefined): string | undefined {
  if (!route) return undefined;
  if (route.path && !route.hidden && !route.redirect) return route.path;
  for (const child of route.children ?? []) {
    const path = firstPath(child);
    if (path) return path;
  }
  return undefined;
}

/** The sidebar's top-level entries that lead somewhere. */
function sidebarSections(routes: readonly RouteDef[]): RouteDef[] {
  return routes.filter((r) => !r.hidden && firstPath(r) !== undefined);
}

/**
 * Where the root sends a user (spec §2.3): kitting to the first page of the vehicle section (else
 * the first section), sales to the first page of the users section (else the third section),
 * everyone else to the charts.
 */
export function landingPath(permitted: readonly RouteDef[], sysRole: SysRole): string {
  const sections = sidebarSections(permitted);
  const byName = (name: string) => firstPath(sections.find((s) => s.name === name));
  let target: string | undefined;
  if (sysRole === 'kitting') target = byName('vehicles') ?? firstPath(sections[0]);
  else if (sysRole === 'sales') target = byName('users') ?? firstPath(sections[2]) ?? firstPath(sections[0]);
  else target = byName('charts') ?? firstPath(sections[0]);
  return target ?? '/404';
}

/** Every route of the table, depth first (for tests, docs and the web's route registry). */
export function allRoutes(routes: readonly RouteDef[] = routeTable): RouteDef[] {
  return routes.flatMap((r) => [r, ...allRoutes(r.children ?? [])]);
}

/**
 * The roles of the route named `name`: the server guards a screen's calls with the same list the
 * router shows the screen for, so the two never disagree. Throws for an unknown name.
 */
export function routeRoles(name: string): readonly string[] {
  return pageNamed(name).roles;
}

/** Who may open the page named `name`, its customer functions included: the server's guard of a
 *  call named after a page asks exactly what the sidebar asks (a function binds customer users). */
export function routeRule(name: string): {
  roles: readonly string[];
  functions?: readonly CustomerFunction[];
} {
  const { roles, functions } = pageNamed(name);
  return functions?.length ? { roles, functions: functions as readonly CustomerFunction[] } : { roles };
}

function pageNamed(name: string): RouteDef & { roles: readonly string[] } {
  // Pages only: a section may share its first page's name.
  const route = allRoutes().find((r) => r.name === name && r.path !== '');
  if (!route?.roles) throw new Error(`no page named ${name} with roles`);
  return route as RouteDef & { roles: readonly string[] };
}
