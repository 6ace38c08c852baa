// The file screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { FileFormPage } from './FileFormPage';
import { FileViewPage } from './FileViewPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf([FileFormPage, 'fileNew', 'fileEdit'], [FileViewPage, 'fileView']);
