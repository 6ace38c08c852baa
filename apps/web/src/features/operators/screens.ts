// The operator screens (operators, groups, random video), loaded together on first use
// (routes/screens.ts).
import { operatorGroupResource } from '@fleetlens/contracts';
import { resourceScreens, screensOf } from '../../routes/screenTypes';
import { AssignGroupPage } from './AssignGroupPage';
import { OperatorDetailPage } from './OperatorDetailPage';
import { OperatorFormPage } from './OperatorFormPage';
import { OperatorGroupsPage } from './OperatorGroupsPage';
import { OperatorsPage } from './OperatorsPage';
import { RandomVideoPage } from './RandomVideoPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...screensOf(
    [OperatorsPage, 'drivers'],
    [OperatorFormPage, 'driverNew', 'driverEdit'],
    [OperatorDetailPage, 'driverDetail', 'driverDetailView'],
    [AssignGroupPage, 'driverAssignGroup'],
    [RandomVideoPage, 'randomVideo'],
  ),
  ...resourceScreens(operatorGroupResource, { list: OperatorGroupsPage }),
};
