// The customers screens, loaded together on first use (routes/screens.ts).
import { customerResource } from '@fleetlens/contracts';
import { resourceScreens, screensOf } from '../../routes/screenTypes';
import { CustomerFormPage } from './CustomerFormPage';
import { CustomersPage } from './CustomersPage';
import { LiveSettingsPage } from './LiveSettingsPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(customerResource, { list: CustomersPage, form: CustomerFormPage }),
  ...screensOf([LiveSettingsPage, 'customerLiveSettings']),
};
