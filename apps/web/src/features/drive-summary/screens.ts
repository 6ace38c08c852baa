// The drive summary screens, loaded together on first use (routes/screens.ts); their charts load
// on their own after that (SummaryCharts), so ECharts never weighs on the first page.
import { createElement } from 'react';
import { screensOf } from '../../routes/screenTypes';
import { DriveSummaryPage } from './DriveSummaryPage';

export const VehicleDriveSummaryPage = () =>
  createElement(DriveSummaryPage, { kind: 'vehicle', param: 'vehicleId' });
export const GroupDriveSummaryPage = () =>
  createElement(DriveSummaryPage, { kind: 'vehicleGroup', param: 'groupId' });
export const OperatorDriveSummaryPage = () =>
  createElement(DriveSummaryPage, { kind: 'operator', param: 'operatorId' });
export const OperatorGroupDriveSummaryPage = () =>
  createElement(DriveSummaryPage, { kind: 'operatorGroup', param: 'groupId' });

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [VehicleDriveSummaryPage, 'vehicleDriveSummary'],
  [GroupDriveSummaryPage, 'groupDriveSummary'],
  [OperatorDriveSummaryPage, 'operatorDriveSummary'],
  [OperatorGroupDriveSummaryPage, 'operatorGroupDriveSummary'],
);
