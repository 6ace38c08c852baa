// The integration screens, loaded together on first use (routes/screens.ts).
import { serviceAccountResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { ServiceAccountFormPage } from './ServiceAccountFormPage';
import { ServiceAccountsPage } from './ServiceAccountsPage';

/** The screens: each page with the route names that show it. */
export const screens = resourceScreens(serviceAccountResource, {
  list: ServiceAccountsPage,
  form: ServiceAccountFormPage,
});
