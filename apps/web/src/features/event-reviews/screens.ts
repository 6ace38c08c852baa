// The review workflow's screens, loaded on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { ReviewInboxPage } from './ReviewInboxPage';

export { ReviewInboxPage };

/** The screens by the route name that shows each. */
export const screens = {
  eventInbox: ReviewInboxPage,
} satisfies FeatureScreens;
