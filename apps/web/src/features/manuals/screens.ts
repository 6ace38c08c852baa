// The manuals screen, loaded on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { ManualsPage } from './ManualsPage';

export { ManualsPage };

/** The screens by the route name that shows each. */
export const screens = {
  manuals: ManualsPage,
} satisfies FeatureScreens;
