// The vehicle vendor screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { ManufacturerFormPage } from './ManufacturerFormPage';
import { ManufacturersPage } from './ManufacturersPage';

export { ManufacturerFormPage, ManufacturersPage };

/** The screens by the route name that shows each. */
export const screens = {
  manufacturers: ManufacturersPage,
  manufacturerNew: ManufacturerFormPage,
  manufacturerEdit: ManufacturerFormPage,
} satisfies FeatureScreens;
