// The devices screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { DeviceDetailsPage } from './DeviceDetailsPage';
import { DeviceFormPage } from './DeviceFormPage';
import { DevicesPage } from './DevicesPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [DevicesPage, 'devices'],
  [DeviceFormPage, 'deviceNew', 'deviceEdit'],
  [DeviceDetailsPage, 'deviceDetails', 'deviceDetailsView'],
);
