// The vehicle screens, loaded together on first use (routes/screens.ts).
export { VehicleDetailsPage } from './VehicleDetailsPage';
export { VehicleFormPage } from './VehicleFormPage';
export { VehiclesPage } from './VehiclesPage';
