// The vehicle details' state history: the changes of connection and motion within a period (today
// by default), oldest first, after the states that held when it began. A state the vehicle's device
// pushes reloads it, so the list follows the vehicle.
import type { DeviceLiveMessage, StateChange, StateHistory } from '@fleetlens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeLive } from '../../app/liveBus';
import { SHADE_COLOURS } from '../../kernel/stateColours';
import { StateDot } from '../../kernel/VehicleState';
import { QueryState } from '../../shell/QueryState';
import type { Period } from '../maps/api';
import { PeriodPicker, todayPeriod } from '../maps/PeriodPicker';
import { fetchStateHistory, vehicleKeys } from './api';

export type VehicleStateHistoryProps = { vehicleId: string; deviceId: string | null };

export function VehicleStateHistory({ vehicleId, deviceId }: VehicleStateHistoryProps) {
  const { t } = useTranslation('maps');
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<Period>(todayPeriod);
  const key = vehicleKeys.stateHistory(vehicleId, period.start, period.end);
  const history = useQuery({
    queryKey: key,
    queryFn: () => fetchStateHistory(vehicleId, period.start, period.end),
  });

  useEffect(() => {
    if (!deviceId) return;
    return subscribeLive((message) => {
      const m = message as DeviceLiveMessage;
      if (m.type === 'device-states' && m.data.states.some((s) => s.device_id === deviceId))
        void queryClient.invalidateQueries({ queryKey: ['vehicles', 'state-history', vehicleId] });
    });
  }, [deviceId, vehicleId, queryClient]);

  const label = (state: StateChange['state'] | null) => {
    if (state === null) return t('stateHistory.unknown');
    return state === 'online' || state === 'offline' ? t(`link.${state}`) : t(`shade.${state}`);
  };
  const dot = (state: StateChange['state']) => (
    <StateDot colour={SHADE_COLOURS[state === 'online' ? 'stopping' : state]} />
  );
  const data: StateHistory | undefined = history.data;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PeriodPicker value={period} onChange={setPeriod} />
      {!data ? (
        <QueryState query={history} />
      ) : (
        <>
          <Typography.Text type="secondary" data-testid="state-at-start">
            {t('stateHistory.atStart')}: {t('stateHistory.connection')} {label(data.at_start.connection)} ·{' '}
            {t('stateHistory.motion')} {label(data.at_start.motion)}
          </Typography.Text>
          {data.truncated && (
            <Alert
              type="info"
              showIcon
              message={t('stateHistory.truncated', { count: data.changes.length })}
            />
          )}
          <Table<StateChange>
            size="small"
            rowKey={(c) => `${c.time}-${c.kind}-${c.state}`}
            dataSource={data.changes}
            pagination={data.changes.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            locale={{ emptyText: t('stateHistory.empty') }}
            aria-label={t('stateHistory.title')}
            columns={[
              {
                title: t('stateHistory.time'),
                key: 'time',
                render: (_, c) => dayjs(c.time).format('YYYY-MM-DD HH:mm:ss'),
              },
              {
                title: t('stateHistory.change'),
                key: 'change',
                render: (_, c) => (
                  <span data-state={c.state}>
                    {dot(c.state)}
                    {t(`stateHistory.${c.kind}`)}: {label(c.state)}
                  </span>
                ),
              },
              { title: t('stateHistory.device'), key: 'device', dataIndex: 'device_id' },
            ]}
          />
        </>
      )}
    </Space>
  );
}
