// The vehicle group screen, loaded on first use (routes/screens.ts).
import { vehicleGroupResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { VehicleGroupsPage } from './VehicleGroupsPage';

/** The screens: each page with the route names that show it. */
export const screens = resourceScreens(vehicleGroupResource, { list: VehicleGroupsPage });
