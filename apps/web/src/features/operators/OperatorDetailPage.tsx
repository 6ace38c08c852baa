// /drivers/:id/detail (and /views/drivers/:id/detail): one operator with every field, the card it
// holds, its group, the reported figures and the random video settings.
import { type Operator, operatorName } from '@fleetlens/contracts';
import { Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportedTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { RouteButton } from '../../shell/RouteButton';
import { type RecordField, RecordFields } from '../../shell/records/RecordFields';
import { RecordPage } from '../../shell/records/RecordPage';
import { DriveSummaryLink } from '../drive-summary/DriveSummaryLink';
import { RecentRandomVideos } from '../videos/RecentRandomVideos';
import { operators } from './api';
import { OperatorFigures } from './OperatorFigures';
import { OperatorIcon } from './OperatorIcon';

export function OperatorDetailPage() {
  const { t } = useTranslation('operators');
  const canOpen = useCanOpen();
  const fields = (o: Operator): RecordField[] => [
    ['operator_code', o.operator_code],
    ['name', operatorName(o)],
    ['birth_date', o.birth_date],
    ['phone', o.phone],
    ['address', o.address],
    ['customer', o.customer.name],
    ['group', o.group?.name ?? t('noGroup')],
    [
      'rfid',
      <Space key="rfid" size={4} wrap>
        {o.rfid ? `${o.rfid.rfid} (${reportedTime(o.rfid.assigned_from)} –)` : t('noRfid')}
        {o.signed_on_vehicles.length > 1 && (
          <Tag color="warning">
            {t('signedOnTwice', { vehicles: o.signed_on_vehicles.map((v) => v.name).join(', ') })}
          </Tag>
        )}
      </Space>,
    ],
    ['license_number', o.license_number],
    ['license_location', o.license_location],
    ['license_received_on', o.license_received_on],
    ['license_valid_till', o.license_valid_till],
    ...o.memos.map((memo, i) => ({
      key: `memo${i}`,
      label: t('fields.memo', { n: i + 1 }),
      children: <span style={{ whiteSpace: 'pre-wrap' }}>{memo}</span>,
    })),
  ];
  return (
    <RecordPage
      resource={operators}
      labels="operators"
      frame="card"
      icon={(o) => <OperatorIcon name={o.icon} label={t(`icons.${o.icon}`)} />}
      title={(o) => `${o.operator_code} · ${operatorName(o)}`}
      fields={fields}
      actions={(o) => (
        <>
          {canOpen('driverAssignGroup') && (
            <RouteButton to={`/views/drivers/${o.id}/assign-group`}>{t('actions.assignGroup')}</RouteButton>
          )}
          {canOpen('driverAssignRfid') && (
            <RouteButton to={`/drivers/${o.id}/assign-rfid`}>{t('actions.assignRfid')}</RouteButton>
          )}
          <DriveSummaryLink page="operatorDriveSummary" id={o.id} name={operatorName(o)} look="button" />
        </>
      )}
    >
      {(o) => (
        <>
          <Card size="small" title={t('sections.figures')}>
            <OperatorFigures operator={o} />
          </Card>
          <Card size="small" title={t('sections.randomVideo')}>
            <RecordFields
              labels="operators"
              bordered={false}
              fields={[
                [
                  'random_video_enabled',
                  o.random_video_enabled ? (
                    <Tag key="on" color="processing">
                      {t('status.on')}
                    </Tag>
                  ) : (
                    <Tag key="off">{t('status.off')}</Tag>
                  ),
                ],
                ['random_video_days', o.random_video_days.map((d) => t(`days.${d}`)).join(', ')],
                ['random_video_per_week', o.random_video_per_week],
                ['random_video_minutes', `${o.random_video_minutes} ${t('units.minutes')}`],
              ]}
            />
          </Card>
          <RecentRandomVideos operatorId={o.id} />
        </>
      )}
    </RecordPage>
  );
}
