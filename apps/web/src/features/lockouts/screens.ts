// The lock-out has no screen of its own: it shows on the vehicle's and the event's pages and in
// the vehicle list (VehicleLock.tsx).
import type { FeatureScreens } from '../../routes/screenTypes';

export const screens = {} satisfies FeatureScreens;
