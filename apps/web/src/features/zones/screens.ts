// The site safety zone screens, loaded together on first use (routes/screens.ts), with MapLibre for
// the drawing: it never weighs on the first page.
import { zoneResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { ZoneFormPage } from './ZoneFormPage';
import { ZonesPage } from './ZonesPage';

/** The screens: each page with the route names that show it. */
export const screens = resourceScreens(zoneResource, { list: ZonesPage, form: ZoneFormPage });
