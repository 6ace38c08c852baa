// The operator screens (operators, groups, random video), loaded together on first use
// (routes/screens.ts).
export { AssignGroupPage } from './AssignGroupPage';
export { AssignRfidPage } from './AssignRfidPage';
export { OperatorDetailPage } from './OperatorDetailPage';
export { OperatorFormPage } from './OperatorFormPage';
export { OperatorGroupsPage } from './OperatorGroupsPage';
export { OperatorsPage } from './OperatorsPage';
export { RandomVideoPage } from './RandomVideoPage';
