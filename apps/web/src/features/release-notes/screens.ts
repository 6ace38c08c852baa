// The release-note screens, loaded together on first use (routes/screens.ts).
import { releaseNoteResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { ReleaseNoteFormPage } from './ReleaseNoteFormPage';
import { ReleaseNotesPage } from './ReleaseNotesPage';

/** The screens: each page with the route names that show it. */
export const screens = resourceScreens(releaseNoteResource, {
  list: ReleaseNotesPage,
  form: ReleaseNoteFormPage,
});
