// Beside the event map, what it shows as a list: how many events the view holds, its clusters
// (a button zooms the map to one) and its single events (a link opens one), the fullest and the
// newest first, a few dozen at most.
import type { EventMap, EventMapCluster } from '@fleetlens/contracts';
import { Button, List, Skeleton, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localTime } from '../../kernel/format';
import { eventDetailPath } from '../events/EventsPage';

const SHOWN = 30;

export type EventMapListProps = {
  answer: EventMap | undefined;
  loading: boolean;
  onCluster: (cluster: EventMapCluster) => void;
  style?: CSSProperties;
};

/** A cluster's button wraps its words in the narrow panel (a button keeps one line and was cut at its edge). */
const WRAPPING: CSSProperties = {
  padding: 0,
  height: 'auto',
  whiteSpace: 'normal',
  textAlign: 'start',
  overflowWrap: 'anywhere',
};

export function EventMapList({ answer, loading, onCluster, style }: EventMapListProps) {
  const { t } = useTranslation('event-map');
  const type = (value: string) => t(`events:types.${value}`);
  if (loading || !answer) return <Skeleton active style={style} />;
  return (
    <section aria-label={t('inView', { count: answer.total })} style={style} data-testid="event-map-list">
      <Typography.Text strong>{t('inView', { count: answer.total })}</Typography.Text>
      {answer.truncated && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('truncated')}
        </Typography.Paragraph>
      )}
      {answer.clusters.length > 0 && (
        <List
          size="small"
          header={t('clusters')}
          dataSource={answer.clusters.slice(0, SHOWN)}
          renderItem={(c) => (
            <List.Item>
              <Button type="link" size="small" style={WRAPPING} onClick={() => onCluster(c)}>
                {t('cluster', { count: c.count, type: type(c.type) })}
              </Button>
            </List.Item>
          )}
        />
      )}
      {answer.events.length > 0 && (
        <List
          size="small"
          header={t('events')}
          dataSource={answer.events.slice(0, SHOWN)}
          renderItem={(e) => (
            <List.Item>
              <Link to={eventDetailPath(e.id)}>
                {localTime(e.time)} · {type(e.type)}
                {e.vehicle ? ` · ${e.vehicle.name}` : ''}
              </Link>
            </List.Item>
          )}
        />
      )}
      {answer.clusters.length + answer.events.length > SHOWN * 2 && (
        <Typography.Text type="secondary">{t('zoomForMore')}</Typography.Text>
      )}
    </section>
  );
}
