// The vehicle master screens, loaded together on first use (routes/screens.ts).
export { VehicleModelFormPage } from './VehicleModelFormPage';
export { VehicleModelsPage } from './VehicleModelsPage';
