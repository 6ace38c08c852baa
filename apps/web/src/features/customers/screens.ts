// The customers screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { CustomerFormPage } from './CustomerFormPage';
import { CustomersPage } from './CustomersPage';
import { LiveSettingsPage } from './LiveSettingsPage';

export { CustomerFormPage, CustomersPage, LiveSettingsPage };

/** The screens by the route name that shows each. */
export const screens = {
  customers: CustomersPage,
  customerNew: CustomerFormPage,
  customerEdit: CustomerFormPage,
  customerLiveSettings: LiveSettingsPage,
} satisfies FeatureScreens;
