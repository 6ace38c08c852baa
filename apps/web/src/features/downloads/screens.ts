// The managerial download screens, loaded on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { DownloadRequestPage } from './DownloadRequestPage';
import { DownloadResultPage } from './DownloadResultPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [DownloadRequestPage, 'downloadRequest'],
  [DownloadResultPage, 'downloadResult'],
);
