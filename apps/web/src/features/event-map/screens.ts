// The event map screen, loaded on first use (routes/screens.ts) with MapLibre.
import type { FeatureScreens } from '../../routes/screenTypes';
import { EventMapPage } from './EventMapPage';

export { EventMapPage };

/** The screens by the route name that shows each. */
export const screens = {
  eventMap: EventMapPage,
} satisfies FeatureScreens;
