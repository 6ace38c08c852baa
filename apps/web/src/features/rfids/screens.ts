// The RFID card screens (with the operator's side of a card's assignment), loaded together on first use (routes/screens.ts).
import { rfidResource } from '@fleetlens/contracts';
import { resourceScreens, screensOf } from '../../routes/screenTypes';
import { AssignRfidPage } from './AssignRfidPage';
import { RfidAssignOperatorPage } from './RfidAssignOperatorPage';
import { RfidFormPage } from './RfidFormPage';
import { RfidHistoryPage } from './RfidHistoryPage';
import { RfidsPage } from './RfidsPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(rfidResource, { list: RfidsPage, form: RfidFormPage }),
  ...screensOf(
    [RfidAssignOperatorPage, 'rfidAssignOperator'],
    [RfidHistoryPage, 'rfidHistory'],
    [AssignRfidPage, 'driverAssignRfid'],
  ),
};
