// The file screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { FileFormPage } from './FileFormPage';
import { FileViewPage } from './FileViewPage';

export { FileFormPage, FileViewPage };

/** The screens by the route name that shows each. */
export const screens = {
  fileNew: FileFormPage,
  fileEdit: FileFormPage,
  fileView: FileViewPage,
} satisfies FeatureScreens;
