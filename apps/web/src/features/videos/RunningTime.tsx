// The periods a vehicle ran on one day, from its state history (GET /vehicles/{id}/state-history,
// for users who may open the vehicle's details): on-demand video must lie within them, so each is
// a button that puts a window of the device's longest video at its end into the form.
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fetchStateHistory, vehicleKeys } from '../vehicles/api';
import { runningPeriods, windowIn } from './videoWindow';

export type RunningTimeProps = {
  vehicleId: string;
  day: Dayjs;
  maxSeconds: number;
  onPick: (window: [Dayjs, Dayjs]) => void;
};

const clock = (time: string) => dayjs(time).format('HH:mm:ss');

export function RunningTime({ vehicleId, day, maxSeconds, onPick }: RunningTimeProps) {
  const { t } = useTranslation('videos');
  const start = day.startOf('day').toISOString();
  const end = day.endOf('day').toISOString();
  const history = useQuery({
    queryKey: vehicleKeys.stateHistory(vehicleId, start, end),
    queryFn: () => fetchStateHistory(vehicleId, start, end),
  });
  const periods = history.data ? runningPeriods(history.data) : [];
  return (
    <section aria-label={t('running.title')} data-testid="running-time" style={{ marginBottom: 16 }}>
      <Typography.Text strong>
        {t('running.title')} · {day.format('YYYY-MM-DD')}
      </Typography.Text>
      <div style={{ marginTop: 6 }}>
        {history.isPending ? (
          <Spin size="small" />
        ) : history.isError ? (
          <Typography.Text type="secondary">{t('running.unavailable')}</Typography.Text>
        ) : periods.length === 0 ? (
          <Typography.Text type="secondary">{t('running.none')}</Typography.Text>
        ) : (
          <Space wrap>
            {periods.map((p) => (
              <Button
                key={p.start}
                size="small"
                onClick={() => onPick(windowIn(p, maxSeconds))}
                title={t('running.pick')}
              >
                {clock(p.start)} – {clock(p.end)}
              </Button>
            ))}
          </Space>
        )}
      </div>
    </section>
  );
}
