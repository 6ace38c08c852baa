// /maintenances/:id/vehicles/:vehicleId/confirm: one vehicle under a plan — its state, what is left
// and when it falls due, its checked hour meter and average hours a day, the maintenances recorded
// (newest first) and the hour meter readings kept aside (backwards, or more than 24 hours a day);
// "Record maintenance" opens the execute page.
import { type MaintenanceExecution, type MeterReject, pageAddress } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { reportedTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { QueryTable } from '../../shell/lists/ListTable';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { QueryState } from '../../shell/QueryState';
import { planVehicles } from './api';
import { hoursText } from './cycle';
import { StateTag } from './StateTag';

export function ConfirmPage() {
  const { id = '', vehicleId = '' } = useParams();
  const { t } = useTranslation('maintenances');
  const canOpen = useCanOpen();
  const assignment = useQuery({
    queryKey: planVehicles.keys.one(id, vehicleId),
    queryFn: () => planVehicles.one(id, vehicleId),
  });
  const history = useQuery({
    queryKey: planVehicles.keys.executions(id, vehicleId),
    queryFn: () => planVehicles.executions(id, vehicleId),
  });
  const rejects = useQuery({
    queryKey: planVehicles.keys.rejects(id, vehicleId),
    queryFn: () => planVehicles.rejects(id, vehicleId),
  });
  const a = assignment.data;
  if (!a) return <QueryState query={assignment} back={pageAddress('maintenanceVehicles', { id })} />;
  const executions: ListColumn<MaintenanceExecution & { id: string }>[] = [
    { title: t('fields.done_at'), key: 'done_at', render: (_, e) => reportedTime(e.done_at) },
    { title: t('fields.hour_meter'), key: 'hour_meter', render: (_, e) => hoursText(t, e.hour_meter) },
    { title: t('fields.comment'), key: 'comment', render: (_, e) => e.comment },
    { title: t('fields.recorded_by'), key: 'recorded_by', render: (_, e) => e.recorded_by },
  ];
  const readings: ListColumn<MeterReject & { id: string }>[] = [
    { title: t('fields.read_at'), key: 'read_at', render: (_, r) => reportedTime(r.read_at) },
    { title: t('fields.reading'), key: 'meter', render: (_, r) => hoursText(t, r.meter) },
    {
      title: t('fields.applied'),
      key: 'applied',
      render: (_, r) => `${hoursText(t, r.applied_meter)} · ${reportedTime(r.applied_at)}`,
    },
    { title: t('fields.problem'), key: 'problem', render: (_, r) => t(`problems.${r.problem}`) },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={`${a.vehicle.name} · ${a.maintenance.name}`}
        extra={
          canOpen('maintenanceExecute') && (
            <Link to={pageAddress('maintenanceExecute', { id, vehicleId })}>
              <Button type="primary">{t('confirm.record')}</Button>
            </Link>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('fields.state')}>
            <StateTag state={a.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.due_at')}>{reportedTime(a.due_at)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.hours_left')}>{hoursText(t, a.hours_left)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.hour_meter')}>{hoursText(t, a.hour_meter)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.daily_hours')}>{hoursText(t, a.daily_hours)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.last_maintenance_at')}>
            {`${reportedTime(a.last_maintenance_at)} · ${hoursText(t, a.last_hour_meter)}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.comment')}>{a.comment}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('confirm.history')}>
        <QueryTable
          query={{ ...history, data: history.data?.map((e) => ({ ...e })) }}
          empty={{ title: t('confirm.noHistory') }}
          columns={executions}
          aria-label={t('confirm.history')}
        />
      </Card>
      {(rejects.data?.length ?? 0) > 0 && (
        <Card title={t('confirm.rejected', { count: a.rejected_readings })}>
          <QueryTable
            query={{ ...rejects, data: rejects.data?.map((r) => ({ ...r, id: r.read_at })) }}
            empty={{ title: '' }}
            columns={readings}
            aria-label={t('confirm.rejected', { count: a.rejected_readings })}
          />
        </Card>
      )}
    </Space>
  );
}
