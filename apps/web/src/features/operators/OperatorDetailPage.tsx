// /drivers/:id/detail (and /views/drivers/:id/detail): one operator with every field, the card it
// holds, its group, the reported figures and the random video settings.
import { listAddress, operatorName, operatorResource, recordAddress } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { reportedTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { QueryState } from '../../shell/QueryState';
import { RouteButton } from '../../shell/RouteButton';
import { RecentRandomVideos } from '../videos/RecentRandomVideos';
import { fetchOperator, operatorKeys } from './api';
import { OperatorFigures } from './OperatorFigures';
import { OperatorIcon } from './OperatorIcon';

export function OperatorDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('operators');
  const canOpen = useCanOpen();
  const operator = useQuery({
    queryKey: operatorKeys.one(id),
    queryFn: () => fetchOperator(id),
  });
  const o = operator.data;
  if (!o) return <QueryState query={operator} back={listAddress(operatorResource)} />;
  const field = (key: string, children: React.ReactNode) => ({ key, label: t(`fields.${key}`), children });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        {canOpen(operatorResource.pages.edit) && (
          <RouteButton to={recordAddress(operatorResource, 'edit', o.id)} type="primary">
            {t('actions.edit')}
          </RouteButton>
        )}
        {canOpen('driverAssignGroup') && (
          <RouteButton to={`/views/drivers/${o.id}/assign-group`}>{t('actions.assignGroup')}</RouteButton>
        )}
        {canOpen('driverAssignRfid') && (
          <RouteButton to={`/drivers/${o.id}/assign-rfid`}>{t('actions.assignRfid')}</RouteButton>
        )}
        {canOpen('operatorDriveSummary') && (
          <RouteButton to={`/operator/${o.id}/driveSummary?name=${encodeURIComponent(operatorName(o))}`}>
            {t('drive-summary:link')}
          </RouteButton>
        )}
      </Space>
      <Card
        size="small"
        title={
          <Space>
            <OperatorIcon name={o.icon} label={t(`icons.${o.icon}`)} />
            {`${o.operator_code} · ${operatorName(o)}`}
          </Space>
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          items={[
            field('operator_code', o.operator_code),
            field('name', operatorName(o)),
            field('birth_date', o.birth_date),
            field('phone', o.phone),
            field('address', o.address),
            field('customer', o.customer.name),
            field('group', o.group?.name ?? t('noGroup')),
            field(
              'rfid',
              <Space key="rfid" size={4} wrap>
                {o.rfid ? `${o.rfid.rfid} (${reportedTime(o.rfid.assigned_from)} –)` : t('noRfid')}
                {o.signed_on_vehicles.length > 1 && (
                  <Tag color="warning">
                    {t('signedOnTwice', { vehicles: o.signed_on_vehicles.map((v) => v.name).join(', ') })}
                  </Tag>
                )}
              </Space>,
            ),
            field('license_number', o.license_number),
            field('license_location', o.license_location),
            field('license_received_on', o.license_received_on),
            field('license_valid_till', o.license_valid_till),
            ...o.memos.map((memo, i) => ({
              key: `memo${i}`,
              label: t('fields.memo', { n: i + 1 }),
              children: <span style={{ whiteSpace: 'pre-wrap' }}>{memo}</span>,
            })),
          ]}
        />
      </Card>
      <Card size="small" title={t('sections.figures')}>
        <OperatorFigures operator={o} />
      </Card>
      <Card size="small" title={t('sections.randomVideo')}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            field(
              'random_video_enabled',
              o.random_video_enabled ? (
                <Tag color="processing">{t('status.on')}</Tag>
              ) : (
                <Tag>{t('status.off')}</Tag>
              ),
            ),
            field('random_video_days', o.random_video_days.map((d) => t(`days.${d}`)).join(', ')),
            field('random_video_per_week', o.random_video_per_week),
            field('random_video_minutes', `${o.random_video_minutes} ${t('units.minutes')}`),
          ]}
        />
      </Card>
      <RecentRandomVideos operatorId={o.id} />
    </Space>
  );
}
