// The vehicle screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { VehicleDetailsPage } from './VehicleDetailsPage';
import { VehicleFormPage } from './VehicleFormPage';
import { VehiclesPage } from './VehiclesPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [VehiclesPage, 'vehicles'],
  [VehicleFormPage, 'vehicleNew', 'vehicleEdit'],
  [VehicleDetailsPage, 'vehicleDetails'],
);
