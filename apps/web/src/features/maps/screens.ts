// The map screens, loaded together on first use (routes/screens.ts), with MapLibre: it never
// weighs on the first page.
export { DashboardMapPage } from './DashboardMapPage';
export { DriveRoutePage } from './DriveRoutePage';
export { VehicleMapPage } from './VehicleMapPage';
