// The vehicle group screen, loaded on first use (routes/screens.ts).
export { VehicleGroupsPage } from './VehicleGroupsPage';
