// The jobs view, loaded on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { JobsPage } from './JobsPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf([JobsPage, 'jobs']);
