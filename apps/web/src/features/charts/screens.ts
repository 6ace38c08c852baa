// The dashboard's screen (route `charts`, /virtualization), loaded on first use; its charts'
// drawings load on their own after that (ChartView), so ECharts never weighs on the first page.
import { screensOf } from '../../routes/screenTypes';
import { ChartsPage } from './ChartsPage';

export const screens = screensOf([ChartsPage, 'charts']);
