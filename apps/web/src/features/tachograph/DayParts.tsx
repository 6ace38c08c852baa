// The parts of a tachograph day under its chart: the activities' colours, and the window's harsh
// events, each opening its event (and its video) for a user who may open events.
import type { TachographDay } from '@fleetlens/contracts';
import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { eventDetailPath } from '../events/EventsPage';
import { clockOf } from './format';
import { ACTIVITY_LEGEND } from './legend';

export function ActivityLegend() {
  const { t } = useTranslation('tachograph');
  return (
    <Flex wrap gap={12} role="list" aria-label={t('legend')}>
      {ACTIVITY_LEGEND.map(({ activity, colour }) => (
        <Flex key={activity} gap={4} align="center" role="listitem">
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 10,
              background: colour,
              border: colour === 'transparent' ? '1px dashed #bfbfbf' : undefined,
            }}
          />
          <Typography.Text>{t(`activities.${activity}`)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

export function DayEvents({ events, timesetting }: { events: TachographDay['events']; timesetting: number }) {
  const { t } = useTranslation(['tachograph', 'events']);
  const canOpen = useCanOpen();
  if (events.length === 0) return null;
  return (
    <Flex vertical gap={6} role="list" aria-label={t('events')}>
      <Typography.Text strong>{t('events')}</Typography.Text>
      {events.map((e) => {
        const type = t(`events:types.${e.type}`, { defaultValue: e.type });
        return (
          <Space key={e.id} role="listitem">
            <Typography.Text>{clockOf(e.time, timesetting)}</Typography.Text>
            {canOpen('eventDetail') ? <Link to={eventDetailPath(e.id)}>{type}</Link> : type}
            <Typography.Text type="secondary">{`${e.speed.toFixed(1)} km/h`}</Typography.Text>
            {e.clips > 0 && <Tag color="blue">{t('video', { count: e.clips })}</Tag>}
          </Space>
        );
      })}
    </Flex>
  );
}
