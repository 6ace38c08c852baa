// The operator screens (operators, groups, random video), loaded together on first use
// (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { AssignGroupPage } from './AssignGroupPage';
import { AssignRfidPage } from './AssignRfidPage';
import { OperatorDetailPage } from './OperatorDetailPage';
import { OperatorFormPage } from './OperatorFormPage';
import { OperatorGroupsPage } from './OperatorGroupsPage';
import { OperatorsPage } from './OperatorsPage';
import { RandomVideoPage } from './RandomVideoPage';

export {
  AssignGroupPage,
  AssignRfidPage,
  OperatorDetailPage,
  OperatorFormPage,
  OperatorGroupsPage,
  OperatorsPage,
  RandomVideoPage,
};

/** The screens by the route name that shows each. */
export const screens = {
  drivers: OperatorsPage,
  driverNew: OperatorFormPage,
  driverEdit: OperatorFormPage,
  driverDetail: OperatorDetailPage,
  driverDetailView: OperatorDetailPage,
  driverAssignGroup: AssignGroupPage,
  driverAssignRfid: AssignRfidPage,
  operatorGroups: OperatorGroupsPage,
  randomVideo: RandomVideoPage,
} satisfies FeatureScreens;
