// /devices/:deviceId/details (and /views/devices/:deviceId/details): one device, with edit and
// delete for those allowed. A device with a registered vehicle is refused deletion by the server,
// whose message the API client shows.
import { ACTION_ROLES } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { QueryState } from '../../shell/QueryState';
import { RouteButton } from '../../shell/RouteButton';
import { deleteDevice, deviceKeys, fetchDevice } from './api';
import { DeviceDescription } from './DeviceDescription';

export function DeviceDetailsPage() {
  const { deviceId = '' } = useParams();
  const { t } = useTranslation('devices');
  const canOpen = useCanOpen();
  const may = useMay();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const device = useQuery({ queryKey: deviceKeys.one(deviceId), queryFn: () => fetchDevice(deviceId) });
  const remove = useMutation({
    mutationFn: () => deleteDevice(deviceId),
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      navigate('/devices');
    },
  });

  if (!device.data) return <QueryState query={device} back="/devices" />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        {canOpen('deviceEdit') && (
          <RouteButton to={`/devices/${deviceId}/edit`} type="primary">
            {t('actions.edit')}
          </RouteButton>
        )}
        {may(...ACTION_ROLES.deviceDelete) && (
          <Popconfirm
            title={t('confirmDelete', { id: device.data.device_id })}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove.mutate()}
          >
            <Button danger loading={remove.isPending}>
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        )}
        <Button onClick={() => navigate('/devices')}>{t('actions.back')}</Button>
      </Space>
      <DeviceDescription device={device.data} state={device.data.state} />
    </Space>
  );
}
