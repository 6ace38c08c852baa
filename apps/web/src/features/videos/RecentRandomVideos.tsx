// An operator's latest random videos (the random video settings' results): the last few `Random`
// events of the past RECENT_DAYS with their video status, each opening the event video list.
// Shown to users who may open that list.
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { VideoStateTag, VideoStatusTag } from '../events/EventTags';
import { fetchEventVideos, videoKeys } from './api';
import { windowText } from './videoWindow';

const RECENT_DAYS = 30;
const RECENT_COUNT = 5;

export type RecentRandomVideosProps = { operatorId: string };

export function RecentRandomVideos({ operatorId }: RecentRandomVideosProps) {
  const { t } = useTranslation('videos');
  const canOpen = useCanOpen();
  const shown = canOpen('eventVideo');
  const params = {
    type: 'Random',
    operator_id: operatorId,
    perPage: RECENT_COUNT,
    start: dayjs().subtract(RECENT_DAYS, 'day').startOf('day').toISOString(),
  } as const;
  const videos = useQuery({
    queryKey: videoKeys.list(params),
    queryFn: () => fetchEventVideos(params, { quiet: true }),
    enabled: shown,
  });
  if (!shown) return null;
  return (
    <Card
      size="small"
      title={t('recentRandom.title', { days: RECENT_DAYS })}
      extra={<Link to="/event-video">{t('recentRandom.all')}</Link>}
      data-testid="recent-random-videos"
    >
      {videos.data && videos.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recentRandom.none')} />
      ) : (
        <List
          size="small"
          loading={videos.isPending}
          dataSource={videos.data?.list ?? []}
          renderItem={(v) => (
            <List.Item key={v.id}>
              <Space wrap>
                <Typography.Text>{windowText(v) || localTime(v.time)}</Typography.Text>
                <Typography.Text type="secondary">{v.vehicle?.name ?? ''}</Typography.Text>
                <VideoStatusTag status={v.video_status} />
                {v.event_video_state && <VideoStateTag state={v.event_video_state} />}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
