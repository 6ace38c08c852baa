// /firmwares/:id/updated-status (id: a rollout): the rollout's state, stage, window and totals,
// and each device's step, progress and version, refreshed every few seconds while it runs.
// Cancel stops new starts (those updating finish or time out); a paused rollout may resume.
import { ROLLOUT_DEVICE_STATES, type RolloutDevice } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { textColumn } from '../../shell/lists/columns';
import { QueryTable } from '../../shell/lists/ListTable';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { QueryState } from '../../shell/QueryState';
import { cancelRollout, fetchRollout, fetchRolloutDevices, resumeRollout, rollouts } from './api';
import { DEVICE_COLOURS, localTime, ROLLOUT_COLOURS } from './words';

const REFRESH_MS = 3000;
const LIVE = new Set(['scheduled', 'running', 'paused', 'cancelled', 'stopped']);

export function deviceColumns(t: (key: string) => string, withRollout = false): ListColumn<RolloutDevice>[] {
  return [
    textColumn(t('fields.device'), 'device', (r) => r.device.device_id, {
      alwaysShown: true,
      render: (_, r) => <Link to={`/firmwares/device/${r.device.id}`}>{r.device.device_id}</Link>,
    }),
    textColumn(t('fields.vehicle'), 'vehicle', (r) => r.vehicle?.name ?? '-'),
    ...(withRollout
      ? [
          textColumn<RolloutDevice>(t('fields.file_name'), 'file', (r) => r.firmware.file_name, {
            long: true,
            render: (_, r) => (
              <Link to={`/firmwares/${r.rollout_id}/updated-status`}>{r.firmware.file_name}</Link>
            ),
          }),
        ]
      : [textColumn<RolloutDevice>(t('fields.stage'), 'stage', (r) => String(r.stage))]),
    {
      title: t('fields.status'),
      key: 'status',
      render: (_, r) => (
        <Space size={4}>
          <Tag color={DEVICE_COLOURS[r.status]}>{t(`deviceStates.${r.status}`)}</Tag>
          {r.status === 'downloading' && r.progress !== null && (
            <Progress
              percent={r.progress}
              size="small"
              style={{ width: 80, margin: 0 }}
              aria-label={t('fields.progress')}
            />
          )}
        </Space>
      ),
      exportValue: (r) => t(`deviceStates.${r.status}`),
      codes: ROLLOUT_DEVICE_STATES,
    },
    textColumn(t('fields.from_version'), 'from_version', (r) => r.from_version ?? '-'),
    textColumn(t('fields.reported_version'), 'reported_version', (r) => r.reported_version ?? '-'),
    textColumn(t('fields.error'), 'error', (r) => (r.error ? t(`failures.${r.error}`) : '-')),
    textColumn(t('fields.updated_at'), 'updated_at', (r) => localTime(r.updated_at)),
  ];
}

export function RolloutStatusPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('firmware');
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: rollouts.keys.one(id),
    queryFn: () => fetchRollout(id),
    retry: false,
    refetchInterval: (q) => (q.state.data && LIVE.has(q.state.data.status) ? REFRESH_MS : false),
  });
  const devices = useQuery({
    // A change of the rollout's counts fetches its devices again, the last one included (a
    // finished rollout is not refreshed any more).
    queryKey: [
      ...rollouts.keys.one(id),
      'devices',
      query.data?.status,
      query.data?.finished_devices,
      query.data?.succeeded_devices,
    ],
    queryFn: async () => (await fetchRolloutDevices(id, { perPage: 10000 })).list,
    enabled: !!query.data,
    refetchInterval: query.data && LIVE.has(query.data.status) ? REFRESH_MS : false,
  });
  const act = useMutation({
    mutationFn: (what: 'cancel' | 'resume') => (what === 'cancel' ? cancelRollout(id) : resumeRollout(id)),
    onSuccess: async () => {
      message.success(t('actionDone'));
      await client.invalidateQueries({ queryKey: rollouts.keys.all });
    },
  });
  const rollout = query.data;
  if (!rollout) return <QueryState query={query} back="/firmwares/update-logs" />;
  const percent = rollout.total_devices
    ? Math.round((rollout.finished_devices * 100) / rollout.total_devices)
    : 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={<Typography.Text strong>{rollout.firmware.file_name}</Typography.Text>}
        extra={
          <Space>
            {rollout.status === 'paused' && (
              <Button onClick={() => act.mutate('resume')} loading={act.isPending}>
                {t('actions.resume')}
              </Button>
            )}
            {['scheduled', 'running', 'paused'].includes(rollout.status) && (
              <Popconfirm title={t('cancelQuestion')} onConfirm={() => act.mutate('cancel')}>
                <Button danger loading={act.isPending}>
                  {t('actions.cancelRollout')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
          <Descriptions.Item label={t('fields.status')}>
            <Tag color={ROLLOUT_COLOURS[rollout.status]}>{t(`rolloutStates.${rollout.status}`)}</Tag>
            {rollout.status_reason && <span>{t(`reasons.${rollout.status_reason}`)}</span>}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.stage')}>{rollout.stage}</Descriptions.Item>
          <Descriptions.Item label={t('fields.customer')}>{rollout.customer.name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.starts_at')}>{localTime(rollout.starts_at)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.ends_at')}>{localTime(rollout.ends_at)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.immediate')}>
            {rollout.immediate ? t('yes') : t('no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.total_devices')}>{rollout.total_devices}</Descriptions.Item>
          <Descriptions.Item label={t('fields.finished_devices')}>
            {rollout.finished_devices} (
            {t('succeededFailed', { ok: rollout.succeeded_devices, failed: rollout.failed_devices })})
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.rate_per_minute')}>{rollout.rate_per_minute}</Descriptions.Item>
        </Descriptions>
        <Progress percent={percent} style={{ marginTop: 12 }} aria-label={t('fields.finished_devices')} />
      </Card>
      <Card title={t('devicesTitle')} size="small">
        <QueryTable
          query={devices}
          rowKey={(r) => r.device.id}
          columns={deviceColumns(t)}
          empty={{ title: t('noDevices') }}
        />
      </Card>
    </Space>
  );
}
