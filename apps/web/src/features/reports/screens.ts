// The reports' screens (routes report → reportListings, reportNew, reportEdit, reportDetail),
// loaded on first use; the charts they draw load after that (ChartView), as on the dashboard.
import { screensOf } from '../../routes/screenTypes';
import { ReportDetailPage } from './ReportDetailPage';
import { ReportFormPage } from './ReportFormPage';
import { ReportsPage } from './ReportsPage';

export const screens = screensOf(
  [ReportsPage, 'reportListings'],
  [ReportFormPage, 'reportNew', 'reportEdit'],
  [ReportDetailPage, 'reportDetail'],
);
