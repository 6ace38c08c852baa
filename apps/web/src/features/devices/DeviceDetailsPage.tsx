// /devices/:deviceId/details (and /views/devices/:deviceId/details): one device, with edit and
// delete for those allowed. A device with a registered vehicle is refused deletion by the server,
// whose message the API client shows.
import { useTranslation } from 'react-i18next';
import { RecordPage } from '../../shell/records/RecordPage';
import { devices } from './api';
import { DeviceDescription } from './DeviceDescription';

export function DeviceDetailsPage() {
  const { t } = useTranslation('devices');
  return (
    <RecordPage
      resource={devices}
      labels="devices"
      confirmDelete={(device) => t('confirmDelete', { id: device.device_id })}
      back
    >
      {(device) => <DeviceDescription device={device} state={device.state} />}
    </RecordPage>
  );
}
