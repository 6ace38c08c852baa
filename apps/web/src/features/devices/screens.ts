// The devices screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { DeviceDetailsPage } from './DeviceDetailsPage';
import { DeviceFormPage } from './DeviceFormPage';
import { DevicesPage } from './DevicesPage';

export { DeviceDetailsPage, DeviceFormPage, DevicesPage };

/** The screens by the route name that shows each. */
export const screens = {
  devices: DevicesPage,
  deviceNew: DeviceFormPage,
  deviceEdit: DeviceFormPage,
  deviceDetails: DeviceDetailsPage,
  deviceDetailsView: DeviceDetailsPage,
} satisfies FeatureScreens;
