// The vehicle vendor screens, loaded together on first use (routes/screens.ts).
import { manufacturerResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { ManufacturerFormPage } from './ManufacturerFormPage';
import { ManufacturersPage } from './ManufacturersPage';

/** The screens: each page with the route names that show it. */
export const screens = resourceScreens(manufacturerResource, {
  list: ManufacturersPage,
  form: ManufacturerFormPage,
});
