// /devices/:deviceId/details (and /views/devices/:deviceId/details): one device, with edit and
// delete for those allowed. A device with a registered vehicle is refused deletion by the server,
// whose message the API client shows.
import { deviceResource, editLink, listAddress, removeRoles } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailActions } from '../../shell/DetailActions';
import { QueryState } from '../../shell/QueryState';
import { deleteDevice, deviceKeys, fetchDevice } from './api';
import { DeviceDescription } from './DeviceDescription';

export function DeviceDetailsPage() {
  const { deviceId = '' } = useParams();
  const { t } = useTranslation('devices');
  const device = useQuery({ queryKey: deviceKeys.one(deviceId), queryFn: () => fetchDevice(deviceId) });

  if (!device.data) return <QueryState query={device} back={listAddress(deviceResource)} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DetailActions
        t={t}
        edit={editLink(deviceResource, deviceId)}
        remove={{
          roles: removeRoles(deviceResource) ?? [],
          confirm: t('confirmDelete', { id: device.data.device_id }),
          call: () => deleteDevice(deviceId),
          invalidate: deviceKeys.all,
        }}
        back={listAddress(deviceResource)}
      />
      <DeviceDescription device={device.data} state={device.data.state} />
    </Space>
  );
}
