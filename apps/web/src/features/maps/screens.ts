// The map screens, loaded together on first use (routes/screens.ts), with MapLibre: it never
// weighs on the first page.
import type { FeatureScreens } from '../../routes/screenTypes';
import { DashboardMapPage } from './DashboardMapPage';
import { DriveRoutePage } from './DriveRoutePage';
import { VehicleMapPage } from './VehicleMapPage';

export { DashboardMapPage, DriveRoutePage, VehicleMapPage };

/** The screens by the route name that shows each. */
export const screens = {
  dashboard: DashboardMapPage,
  vehicleMap: VehicleMapPage,
  deviceDriveRoute: DriveRoutePage,
} satisfies FeatureScreens;
