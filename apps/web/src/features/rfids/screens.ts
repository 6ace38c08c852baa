// The RFID card screens (with the operator's side of a card's assignment), loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { AssignRfidPage } from './AssignRfidPage';
import { RfidAssignOperatorPage } from './RfidAssignOperatorPage';
import { RfidFormPage } from './RfidFormPage';
import { RfidHistoryPage } from './RfidHistoryPage';
import { RfidsPage } from './RfidsPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [RfidsPage, 'rfids'],
  [RfidFormPage, 'rfidNew', 'rfidEdit'],
  [RfidAssignOperatorPage, 'rfidAssignOperator'],
  [RfidHistoryPage, 'rfidHistory'],
  [AssignRfidPage, 'driverAssignRfid'],
);
