// The release-note screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { ReleaseNoteFormPage } from './ReleaseNoteFormPage';
import { ReleaseNotesPage } from './ReleaseNotesPage';

export { ReleaseNoteFormPage, ReleaseNotesPage };

/** The screens by the route name that shows each. */
export const screens = {
  releaseNotes: ReleaseNotesPage,
  releaseNoteNew: ReleaseNoteFormPage,
  releaseNoteEdit: ReleaseNoteFormPage,
} satisfies FeatureScreens;
