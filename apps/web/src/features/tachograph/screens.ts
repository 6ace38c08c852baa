// The tachograph screens, loaded together on first use (routes/screens.ts); the chart loads on its
// own after that (TachographChart), so ECharts never weighs on the first page.
import { screensOf } from '../../routes/screenTypes';
import { TachographDetailsPage } from './TachographDetailsPage';
import { TachographHistoryPage } from './TachographHistoryPage';
import { TachographListPage } from './TachographListPage';

export const screens = screensOf(
  [TachographListPage, 'tachographs'],
  [TachographHistoryPage, 'tachographHistory'],
  [TachographDetailsPage, 'tachographDetails'],
);
