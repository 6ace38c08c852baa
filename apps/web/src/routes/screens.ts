// Route name → lazily loaded screen. A route whose screen is not built yet shows the
// "coming in a later release" page; screens register here as their issues land.
import type { RouteDef } from '@fleetlens/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

const customers = () => import('../features/customers/screens');
const devices = () => import('../features/devices/screens');
const cases = () => import('../features/cases/screens');
const roles = () => import('../features/roles/screens');
const notices = () => import('../features/notifications/screens');
const users = () => import('../features/users/screens');
const maps = () => import('../features/maps/screens');
const audit = () => import('../features/audit/screens');
const releaseNotes = () => import('../features/release-notes/screens');
const files = () => import('../features/files/screens');
const manuals = () => import('../features/manuals/screens');
const operators = () => import('../features/operators/screens');
const rfids = () => import('../features/rfids/screens');
const driveSummary = () => import('../features/drive-summary/screens');

const manufacturers = () => import('../features/manufacturers/screens');
const vehicleModels = () => import('../features/vehicle-models/screens');
const vehicleGroups = () => import('../features/vehicle-groups/screens');
const vehicles = () => import('../features/vehicles/screens');
export const screens: Record<string, Screen> = {
  devices: lazy(() => devices().then((m) => ({ default: m.DevicesPage }))),
  deviceNew: lazy(() => devices().then((m) => ({ default: m.DeviceFormPage }))),
  deviceEdit: lazy(() => devices().then((m) => ({ default: m.DeviceFormPage }))),
  deviceDetails: lazy(() => devices().then((m) => ({ default: m.DeviceDetailsPage }))),
  deviceDetailsView: lazy(() => devices().then((m) => ({ default: m.DeviceDetailsPage }))),
  cases: lazy(() => cases().then((m) => ({ default: m.CasesPage }))),
  caseNew: lazy(() => cases().then((m) => ({ default: m.CaseFormPage }))),
  caseEdit: lazy(() => cases().then((m) => ({ default: m.CaseFormPage }))),
  caseDetail: lazy(() => cases().then((m) => ({ default: m.CaseDetailPage }))),
  caseRegisterDevice: lazy(() => cases().then((m) => ({ default: m.CaseRegisterDevicePage }))),
  caseDeviceDetail: lazy(() => cases().then((m) => ({ default: m.CaseDeviceDetailPage }))),
  caseDevice: lazy(() => cases().then((m) => ({ default: m.CaseDevicePage }))),
  caseSim: lazy(() => cases().then((m) => ({ default: m.CaseSimPage }))),
  manufacturers: lazy(() => manufacturers().then((m) => ({ default: m.ManufacturersPage }))),
  manufacturerNew: lazy(() => manufacturers().then((m) => ({ default: m.ManufacturerFormPage }))),
  manufacturerEdit: lazy(() => manufacturers().then((m) => ({ default: m.ManufacturerFormPage }))),
  vehicleModels: lazy(() => vehicleModels().then((m) => ({ default: m.VehicleModelsPage }))),
  vehicleModelNew: lazy(() => vehicleModels().then((m) => ({ default: m.VehicleModelFormPage }))),
  vehicleModelEdit: lazy(() => vehicleModels().then((m) => ({ default: m.VehicleModelFormPage }))),
  vehicleGroups: lazy(() => vehicleGroups().then((m) => ({ default: m.VehicleGroupsPage }))),
  vehicles: lazy(() => vehicles().then((m) => ({ default: m.VehiclesPage }))),
  vehicleNew: lazy(() => vehicles().then((m) => ({ default: m.VehicleFormPage }))),
  vehicleEdit: lazy(() => vehicles().then((m) => ({ default: m.VehicleFormPage }))),
  vehicleDetails: lazy(() => vehicles().then((m) => ({ default: m.VehicleDetailsPage }))),
  dashboard: lazy(() => maps().then((m) => ({ default: m.DashboardMapPage }))),
  vehicleMap: lazy(() => maps().then((m) => ({ default: m.VehicleMapPage }))),
  deviceDriveRoute: lazy(() => maps().then((m) => ({ default: m.DriveRoutePage }))),
  vehicleDriveSummary: lazy(() => driveSummary().then((m) => ({ default: m.VehicleDriveSummaryPage }))),
  groupDriveSummary: lazy(() => driveSummary().then((m) => ({ default: m.GroupDriveSummaryPage }))),
  operatorDriveSummary: lazy(() => driveSummary().then((m) => ({ default: m.OperatorDriveSummaryPage }))),
  operatorGroupDriveSummary: lazy(() =>
    driveSummary().then((m) => ({ default: m.OperatorGroupDriveSummaryPage })),
  ),
  auditLog: lazy(() => audit().then((m) => ({ default: m.AuditLogPage }))),
  drivers: lazy(() => operators().then((m) => ({ default: m.OperatorsPage }))),
  driverNew: lazy(() => operators().then((m) => ({ default: m.OperatorFormPage }))),
  driverEdit: lazy(() => operators().then((m) => ({ default: m.OperatorFormPage }))),
  driverDetail: lazy(() => operators().then((m) => ({ default: m.OperatorDetailPage }))),
  driverDetailView: lazy(() => operators().then((m) => ({ default: m.OperatorDetailPage }))),
  driverAssignGroup: lazy(() => operators().then((m) => ({ default: m.AssignGroupPage }))),
  driverAssignRfid: lazy(() => operators().then((m) => ({ default: m.AssignRfidPage }))),
  operatorGroups: lazy(() => operators().then((m) => ({ default: m.OperatorGroupsPage }))),
  randomVideo: lazy(() => operators().then((m) => ({ default: m.RandomVideoPage }))),
  rfids: lazy(() => rfids().then((m) => ({ default: m.RfidsPage }))),
  rfidNew: lazy(() => rfids().then((m) => ({ default: m.RfidFormPage }))),
  rfidEdit: lazy(() => rfids().then((m) => ({ default: m.RfidFormPage }))),
  rfidAssignOperator: lazy(() => rfids().then((m) => ({ default: m.RfidAssignOperatorPage }))),
  rfidHistory: lazy(() => rfids().then((m) => ({ default: m.RfidHistoryPage }))),
  customers: lazy(() => customers().then((m) => ({ default: m.CustomersPage }))),
  customerNew: lazy(() => customers().then((m) => ({ default: m.CustomerFormPage }))),
  customerEdit: lazy(() => customers().then((m) => ({ default: m.CustomerFormPage }))),
  customerLiveSettings: lazy(() => customers().then((m) => ({ default: m.LiveSettingsPage }))),
  roles: lazy(() => roles().then((m) => ({ default: m.RolesPage }))),
  roleNew: lazy(() => roles().then((m) => ({ default: m.RoleFormPage }))),
  roleEdit: lazy(() => roles().then((m) => ({ default: m.RoleFormPage }))),
  notifications: lazy(() => notices().then((m) => ({ default: m.CurrentNoticesPage }))),
  notificationsExpired: lazy(() => notices().then((m) => ({ default: m.ExpiredNoticesPage }))),
  notificationNew: lazy(() => notices().then((m) => ({ default: m.NoticeFormPage }))),
  notificationEdit: lazy(() => notices().then((m) => ({ default: m.NoticeFormPage }))),
  users: lazy(() => users().then((m) => ({ default: m.UsersPage }))),
  userNew: lazy(() => users().then((m) => ({ default: m.UserFormPage }))),
  userEdit: lazy(() => users().then((m) => ({ default: m.UserFormPage }))),
  userLoginDevice: lazy(() => users().then((m) => ({ default: m.LoginDevicesPage }))),
  userLoginHistory: lazy(() => users().then((m) => ({ default: m.LoginHistoryPage }))),
  releaseNotes: lazy(() => releaseNotes().then((m) => ({ default: m.ReleaseNotesPage }))),
  releaseNoteNew: lazy(() => releaseNotes().then((m) => ({ default: m.ReleaseNoteFormPage }))),
  releaseNoteEdit: lazy(() => releaseNotes().then((m) => ({ default: m.ReleaseNoteFormPage }))),
  manuals: lazy(() => manuals().then((m) => ({ default: m.ManualsPage }))),
  fileNew: lazy(() => files().then((m) => ({ default: m.FileFormPage }))),
  fileEdit: lazy(() => files().then((m) => ({ default: m.FileFormPage }))),
  fileView: lazy(() => files().then((m) => ({ default: m.FileViewPage }))),
};

export const ComingSoonScreen = lazy(() =>
  import('./ComingSoonPage').then((m) => ({ default: m.ComingSoonPage })),
);

export function screenFor(route: RouteDef): Screen {
  const screen = route.built === false ? undefined : screens[route.name];
  return screen ?? ComingSoonScreen;
}
