// /firmwares/device/:id: one device's firmware updates, newest first (its update log).
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryTable } from '../../shell/lists/ListTable';
import { fetchDeviceUpdates } from './api';
import { deviceColumns } from './RolloutStatusPage';

export function DeviceUpdatesPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('firmware');
  const query = useQuery({
    queryKey: ['firmware-device-updates', id],
    queryFn: async () => (await fetchDeviceUpdates(id)).list,
    retry: false,
  });
  const device = query.data?.[0]?.device.device_id;
  return (
    <Card title={device ? t('deviceTitle', { device }) : t('deviceTitleBare')}>
      <QueryTable
        query={query}
        rowKey={(r) => `${r.rollout_id}-${r.device.id}`}
        columns={deviceColumns(t, true)}
        empty={{ title: t('noUpdates') }}
      />
    </Card>
  );
}
