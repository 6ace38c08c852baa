// The firmware screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { DeviceUpdatesPage } from './DeviceUpdatesPage';
import { FirmwareInfoPage } from './FirmwareInfoPage';
import { FirmwaresPage } from './FirmwaresPage';
import { FirmwareUploadPage } from './FirmwareUploadPage';
import { RolloutStatusPage } from './RolloutStatusPage';
import { SchedulePage } from './SchedulePage';
import { UpdateLogsPage } from './UpdateLogsPage';
import { UploadLogsPage } from './UploadLogsPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [FirmwaresPage, 'firmwares'],
  [FirmwareUploadPage, 'firmwareUpload'],
  [FirmwareInfoPage, 'firmwareInfo', 'firmwareUploadedStatus'],
  [UploadLogsPage, 'firmwareUploadLogs'],
  [UpdateLogsPage, 'firmwareUpdateLogs'],
  [DeviceUpdatesPage, 'firmwareDevice'],
  [RolloutStatusPage, 'firmwareUpdatedStatus'],
  [SchedulePage, 'firmwareSchedule'],
);
