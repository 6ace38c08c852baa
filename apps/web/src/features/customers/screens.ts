// The customers screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { CustomerFormPage } from './CustomerFormPage';
import { CustomersPage } from './CustomersPage';
import { LiveSettingsPage } from './LiveSettingsPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [CustomersPage, 'customers'],
  [CustomerFormPage, 'customerNew', 'customerEdit'],
  [LiveSettingsPage, 'customerLiveSettings'],
);
