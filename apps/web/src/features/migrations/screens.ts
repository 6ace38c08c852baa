// Data migration's screens, loaded on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { BasicInfoImportPage } from './BasicInfoImportPage';
import { ImportsStatusPage } from './ImportsStatusPage';
import { MigrationSettingsPage } from './MigrationSettingsPage';
import { PastDataTransferPage } from './PastDataTransferPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [BasicInfoImportPage, 'migrationBasicInfo'],
  [PastDataTransferPage, 'migrationPastData'],
  [MigrationSettingsPage, 'migrationSettings'],
  [ImportsStatusPage, 'migrationStatus'],
);
