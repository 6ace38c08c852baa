// /cases/:id/vehicles/:vehicleId/detail-device: the device registered for a vehicle of the case,
// its state following the device live.
import { caseResource, recordAddress } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { QueryState } from '../../shell/QueryState';
import { RouteButton } from '../../shell/RouteButton';
import { DeviceDescription } from '../devices/DeviceDescription';
import { caseKeys, fetchVehicleDevice } from './api';

export function CaseDeviceDetailPage() {
  const { id = '', vehicleId = '' } = useParams();
  const { t } = useTranslation('cases');
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  const current = useQuery({
    queryKey: caseKeys.vehicleDevice(id, vehicleId),
    queryFn: () => fetchVehicleDevice(id, vehicleId),
  });
  if (!current.data) return <QueryState query={current} back={recordAddress(caseResource, 'detail', id)} />;
  const { vehicle, device } = current.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('deviceOf', { vehicle: vehicle.name })}
      </Typography.Title>
      <Space wrap>
        {canOpen('caseRegisterDevice') && (
          <RouteButton to={`/cases/${id}/vehicles/${vehicleId}/edit-register-device`} type="primary">
            {device ? t('actions.changeDevice') : t('actions.registerDevice')}
          </RouteButton>
        )}
        {device?.kitting?.id === id && canOpen('caseDevice') && (
          <RouteButton to={`/cases/${id}/device/${device.id}`}>{t('actions.deviceSettings')}</RouteButton>
        )}
        <Button onClick={() => navigate(recordAddress(caseResource, 'detail', id))}>
          {t('actions.back')}
        </Button>
      </Space>
      {device ? (
        <DeviceDescription device={device} state={device.state} />
      ) : (
        <Empty description={t('noDevice')} />
      )}
    </Space>
  );
}
