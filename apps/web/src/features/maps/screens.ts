// The map screens, loaded together on first use (routes/screens.ts), with MapLibre: it never
// weighs on the first page.
import { screensOf } from '../../routes/screenTypes';
import { DashboardMapPage } from './DashboardMapPage';
import { DriveRoutePage } from './DriveRoutePage';
import { VehicleMapPage } from './VehicleMapPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [DashboardMapPage, 'dashboard'],
  [VehicleMapPage, 'vehicleMap'],
  [DriveRoutePage, 'deviceDriveRoute'],
);
