// The devices screens, loaded together on first use (routes/screens.ts).
import { deviceResource } from '@fleetlens/contracts';
import { resourceScreens, screensOf } from '../../routes/screenTypes';
import { DeviceDetailsPage } from './DeviceDetailsPage';
import { DeviceFormPage } from './DeviceFormPage';
import { DevicesPage } from './DevicesPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(deviceResource, { list: DevicesPage, form: DeviceFormPage, detail: DeviceDetailsPage }),
  ...screensOf([DeviceDetailsPage, 'deviceDetailsView']),
};
