// The event screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { EventDetailPage } from './EventDetailPage';
import { EventsPage } from './EventsPage';

export { EventDetailPage, EventsPage };

/** The screens by the route name that shows each. */
export const screens = {
  eventSummary: EventsPage,
  eventDetail: EventDetailPage,
} satisfies FeatureScreens;
