// The manuals screen, loaded on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { ManualsPage } from './ManualsPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf([ManualsPage, 'manuals']);
