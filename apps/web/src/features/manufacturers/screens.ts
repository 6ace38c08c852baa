// The vehicle vendor screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { ManufacturerFormPage } from './ManufacturerFormPage';
import { ManufacturersPage } from './ManufacturersPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [ManufacturersPage, 'manufacturers'],
  [ManufacturerFormPage, 'manufacturerNew', 'manufacturerEdit'],
);
