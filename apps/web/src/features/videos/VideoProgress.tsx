// One asked-for video as it comes in: the steps of its video status (device offline, waiting,
// processing, completed; or no video), its cameras' clips with their states, played in sync once
// completed (the events feature's ClipsPlayer), and Recreate for a failed clip. The page reads the
// video again when the server pushes a change of its clips, and every few seconds while one is on
// its way (a push lost on a reconnect).
import { type ClipDto, READ_RULES, VIDEO_STATUS } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { useAllows } from '../../routes/useMay';
import { QueryState } from '../../shell/QueryState';
import { recreateClip } from '../events/api';
import { ClipsPlayer } from '../events/ClipsPlayer';
import { eventDetailPath } from '../events/EventsPage';
import { useEventChanged } from '../events/useEventChanged';
import { fetchEventVideo, videoKeys } from './api';

const POLL_MS = 5_000;

/** The step of a video status (spec §4): asked for, then waiting for the device (offline or not), processing, done. */
const STEP_OF: Record<number, number> = { 0: 1, 2: 1, 3: 2, 4: 3, 1: 3 };

export type VideoProgressProps = { eventId: string };

export function VideoProgress({ eventId }: VideoProgressProps) {
  const { t } = useTranslation('videos');
  const canOpen = useCanOpen();
  const allows = useAllows();
  const queryClient = useQueryClient();
  const key = videoKeys.one(eventId);
  const video = useQuery({
    queryKey: key,
    queryFn: () => fetchEventVideo(eventId),
    refetchInterval: (query) =>
      query.state.data?.clips.some((c) => c.event_video_state === 'being-created') ? POLL_MS : false,
  });
  useEventChanged(eventId, key);
  const recreate = useMutation({
    mutationFn: (clip: ClipDto) => recreateClip(eventId, clip.id),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const v = video.data;
  if (!v) return <QueryState query={video} />;
  const status = v.video_status;
  const failed = status === VIDEO_STATUS.noVideo;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="video-progress">
      <Space wrap>
        <Typography.Text strong>
          {t(`events:types.${v.type}`)} · {v.vehicle?.name ?? ''} · {localTime(v.time)}
        </Typography.Text>
        {canOpen('eventDetail') && <Link to={eventDetailPath(v.id)}>{t('openEvent')}</Link>}
      </Space>
      <Steps
        size="small"
        current={STEP_OF[status] ?? 0}
        status={failed ? 'error' : status === VIDEO_STATUS.completed ? 'finish' : 'process'}
        items={[
          { title: t('progress.requested') },
          {
            title: t('progress.waiting'),
            description: status === VIDEO_STATUS.deviceOffline ? t('errors:videoDeviceOffline') : undefined,
          },
          { title: t('progress.processing') },
          { title: failed ? t('progress.noVideo') : t('progress.completed') },
        ]}
      />
      <ClipsPlayer
        eventId={v.id}
        clips={v.clips}
        canPlay={allows(READ_RULES.clips)}
        onRecreate={(clip) => recreate.mutate(clip)}
        recreating={recreate.isPending ? recreate.variables?.id : undefined}
      />
    </Space>
  );
}
