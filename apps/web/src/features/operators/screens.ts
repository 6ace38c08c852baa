// The operator screens (operators, groups, random video), loaded together on first use
// (routes/screens.ts).
import { operatorGroupResource, operatorResource } from '@fleetlens/contracts';
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
    [OperatorDetailPage, 'driverDetailView'],
    [AssignGroupPage, 'driverAssignGroup'],
    [RandomVideoPage, 'randomVideo'],
  ),
  ...resourceScreens(operatorResource, {
    list: OperatorsPage,
    form: OperatorFormPage,
    detail: OperatorDetailPage,
  }),
  ...resourceScreens(operatorGroupResource, { list: OperatorGroupsPage }),
};
