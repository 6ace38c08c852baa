// The live camera screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { LiveCameraPage } from './LiveCameraPage';
import { LiveCameraViewerPage } from './LiveCameraViewerPage';

/** The screens by the route name that shows each. */
export const screens = {
  liveCamera: LiveCameraPage,
  liveCameraViewer: LiveCameraViewerPage,
} satisfies FeatureScreens;
