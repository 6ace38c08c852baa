// The video screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { EventVideosPage } from './EventVideosPage';
import { VideoCreatePage } from './VideoCreatePage';
import { VideoHistoryPage } from './VideoHistoryPage';

/** The screens by the route name that shows each. */
export const screens = {
  videoCreate: VideoCreatePage,
  eventVideo: EventVideosPage,
  videoHistory: VideoHistoryPage,
} satisfies FeatureScreens;
