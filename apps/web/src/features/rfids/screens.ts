// The RFID card screens, loaded together on first use (routes/screens.ts).
export { RfidAssignOperatorPage } from './RfidAssignOperatorPage';
export { RfidFormPage } from './RfidFormPage';
export { RfidHistoryPage } from './RfidHistoryPage';
export { RfidsPage } from './RfidsPage';
