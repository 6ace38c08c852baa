// The vehicle group screen, loaded on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { VehicleGroupsPage } from './VehicleGroupsPage';

export { VehicleGroupsPage };

/** The screens by the route name that shows each. */
export const screens = {
  vehicleGroups: VehicleGroupsPage,
} satisfies FeatureScreens;
