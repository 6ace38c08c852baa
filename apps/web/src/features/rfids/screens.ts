// The RFID card screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { RfidAssignOperatorPage } from './RfidAssignOperatorPage';
import { RfidFormPage } from './RfidFormPage';
import { RfidHistoryPage } from './RfidHistoryPage';
import { RfidsPage } from './RfidsPage';

export { RfidAssignOperatorPage, RfidFormPage, RfidHistoryPage, RfidsPage };

/** The screens by the route name that shows each. */
export const screens = {
  rfids: RfidsPage,
  rfidNew: RfidFormPage,
  rfidEdit: RfidFormPage,
  rfidAssignOperator: RfidAssignOperatorPage,
  rfidHistory: RfidHistoryPage,
} satisfies FeatureScreens;
