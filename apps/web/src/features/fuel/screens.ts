// The fuel screens (routes fuel → fuelResultsEntry, fuelReport), loaded on first use; the
// report's chart loads after that (ReportCharts), as the other charts do.
import { screensOf } from '../../routes/screenTypes';
import { ReportPage } from './ReportPage';
import { ResultsEntryPage } from './ResultsEntryPage';

export const screens = screensOf([ResultsEntryPage, 'fuelResultsEntry'], [ReportPage, 'fuelReport']);
