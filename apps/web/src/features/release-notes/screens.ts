// The release-note screens, loaded together on first use (routes/screens.ts).
export { ReleaseNoteFormPage } from './ReleaseNoteFormPage';
export { ReleaseNotesPage } from './ReleaseNotesPage';
