// The release-note screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { ReleaseNoteFormPage } from './ReleaseNoteFormPage';
import { ReleaseNotesPage } from './ReleaseNotesPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [ReleaseNotesPage, 'releaseNotes'],
  [ReleaseNoteFormPage, 'releaseNoteNew', 'releaseNoteEdit'],
);
