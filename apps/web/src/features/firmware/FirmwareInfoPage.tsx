// /firmwares/:id/info and /firmwares/:id/uploaded-status: a firmware file's information (the
// spec's fields, its SHA-256 and its upload's state), its rollouts, and the way to schedule it.
import { ScheduleOutlined } from '@ant-design/icons';
import { byteSize } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { QueryTable } from '../../shell/lists/ListTable';
import { QueryState } from '../../shell/QueryState';
import { RouteButton } from '../../shell/RouteButton';
import { fetchFirmware, firmwares, rollouts } from './api';
import { rolloutColumns } from './RolloutsTable';
import { localTime } from './words';

export function FirmwareInfoPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('firmware');
  const canOpen = useCanOpen();
  const query = useQuery({
    queryKey: firmwares.keys.one(id),
    queryFn: () => fetchFirmware(id),
    retry: false,
  });
  const its = useQuery({
    queryKey: rollouts.keys.list({ firmware_id: id }),
    queryFn: async () => (await rollouts.list({ firmware_id: id })).list,
    enabled: !!query.data,
  });
  const firmware = query.data;
  if (!firmware) return <QueryState query={query} back="/firmwares" />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={<Typography.Text strong>{firmware.file_name}</Typography.Text>}
        extra={
          firmware.status === 'uploaded' &&
          canOpen('firmwareSchedule') && (
            <RouteButton
              type="primary"
              icon={<ScheduleOutlined />}
              to={`/firmwares/${firmware.id}/schedule-setting`}
            >
              {t('actions.schedule')}
            </RouteButton>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('fields.device_type')}>{firmware.device_type}</Descriptions.Item>
          <Descriptions.Item label={t('fields.version')}>{firmware.version}</Descriptions.Item>
          <Descriptions.Item label={t('fields.build_date')}>{firmware.build_date}</Descriptions.Item>
          <Descriptions.Item label={t('fields.latest')}>
            {firmware.latest ? t('yes') : t('no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            <Tag>{t(`uploadStates.${firmware.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.registered_at')}>
            {localTime(firmware.registered_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.size')}>
            {firmware.size === null ? '-' : byteSize(firmware.size)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.uploaded_by')}>
            {firmware.uploaded_by?.name ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.sha256')} span={2}>
            <Typography.Text code copyable={!!firmware.sha256}>
              {firmware.sha256 ?? '-'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.description')} span={2}>
            {firmware.description || '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('rolloutsOfFile')} size="small">
        <QueryTable query={its} columns={rolloutColumns(t)} empty={{ title: t('updates.empty') }} />
      </Card>
    </Space>
  );
}
