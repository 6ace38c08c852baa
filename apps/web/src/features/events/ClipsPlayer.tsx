// The cameras' clips of one event side by side, played in sync: one play/pause and one timeline
// drive every <video>; the first playing clip leads and the others are pulled back to it when they
// drift. The videos' addresses are asked for when Play is pressed, each press one play among the
// event's viewers (not one per camera, nor one for merely opening the page). Each clip shows its
// video status and, while it has no video, its event-video state, with "Recreate" for a failed
// one (event_vid:edit) and a download (signed address, recorded as such).
import { ACTION_ROLES, type ClipDto, type ClipsPlay, VIDEO_STATUS } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Row, Slider, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../routes/useMay';
import { clipAddress, eventKeys, playClips } from './api';
import { VideoStateTag, VideoStatusTag } from './EventTags';

/** A clip further off the leader than this is moved back to it. */
const DRIFT_SECONDS = 0.3;
/**
 * The addresses held are kept while they work this much longer: a new address would start the
 * video over, so a press that resumes plays on from where it was.
 */
const ADDRESS_MARGIN_MS = 2 * 60_000;

export type ClipsPlayerProps = {
  eventId: string;
  clips: ClipDto[];
  /** The user may play and download (event_vid). */
  canPlay: boolean;
  onRecreate: (clip: ClipDto) => void;
  recreating?: string;
  /** Where the videos are, in seconds from the clips' start, as they play or are moved. */
  onPosition?: (seconds: number) => void;
};

const playable = (clip: ClipDto) => clip.video_status === VIDEO_STATUS.completed;

function ClipVideo({
  url,
  register,
  onTime,
  label,
}: {
  url: string | undefined;
  register: (video: HTMLVideoElement | null) => void;
  onTime: (video: HTMLVideoElement) => void;
  label: string;
}) {
  if (!url) return <div style={{ aspectRatio: '16 / 9', background: '#000' }} />;
  return (
    <video
      ref={register}
      src={url}
      aria-label={label}
      preload="auto"
      muted
      playsInline
      onTimeUpdate={(e) => onTime(e.currentTarget)}
      onLoadedMetadata={(e) => onTime(e.currentTarget)}
      style={{ width: '100%', background: '#000', display: 'block' }}
    />
  );
}

export function ClipsPlayer({
  eventId,
  clips,
  canPlay,
  onRecreate,
  recreating,
  onPosition,
}: ClipsPlayerProps) {
  const { t } = useTranslation('events');
  const may = useMay();
  const { message } = App.useApp();
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [addresses, setAddresses] = useState<ClipsPlay | null>(null);
  const queryClient = useQueryClient();
  const all = () => [...videos.current.values()];
  const playAll = () => {
    for (const v of all()) void v.play().catch(() => undefined);
  };
  const press = useMutation({
    mutationFn: () => playClips(eventId),
    onSuccess: (answer) => {
      // The press is among the viewers now: the detail's list of them shows it.
      void queryClient.invalidateQueries({ queryKey: eventKeys.one(eventId) });
      setPlaying(true);
      setAddresses((held) =>
        held && Date.parse(held.expires_at) - Date.now() > ADDRESS_MARGIN_MS ? held : answer,
      );
      playAll();
    },
  });
  // Videos given new addresses are there once rendered: start them then.
  const started = useRef<ClipsPlay | null>(null);
  useEffect(() => {
    if (!addresses || started.current === addresses) return;
    started.current = addresses;
    playAll();
  });

  const onTime = (video: HTMLVideoElement) => {
    const longest = Math.max(0, ...all().map((v) => (Number.isFinite(v.duration) ? v.duration : 0)));
    setDuration(longest);
    const leader = all().find((v) => !v.paused && !v.ended) ?? all()[0];
    if (video !== leader) return;
    setPosition(video.currentTime);
    onPosition?.(video.currentTime);
    for (const other of all())
      if (other !== video && Math.abs(other.currentTime - video.currentTime) > DRIFT_SECONDS)
        other.currentTime = Math.min(video.currentTime, other.duration || video.currentTime);
    if (all().every((v) => v.ended || v.paused)) setPlaying(false);
  };
  const toggle = () => {
    if (!playing) return press.mutate();
    for (const v of all()) v.pause();
    setPlaying(false);
  };
  const seek = (to: number) => {
    for (const v of all()) v.currentTime = Math.min(to, v.duration || to);
    setPosition(to);
    onPosition?.(to);
  };
  const download = async (clip: ClipDto) => {
    const { url } = await clipAddress(eventId, clip.id, 'download');
    window.open(url, '_blank', 'noopener');
    message.success(t('clips.downloadStarted'));
  };

  if (clips.length === 0) return <Empty description={t('clips.none')} />;
  const anyPlayable = canPlay && clips.some(playable);
  const span = clips.length === 1 ? 24 : 12;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        {clips.map((clip) => {
          const camera = t('clips.camera', { n: clip.camera });
          return (
            <Col key={clip.id} xs={24} md={span} data-clip={clip.camera}>
              <Card
                size="small"
                title={
                  <Space wrap>
                    <Typography.Text strong>{camera}</Typography.Text>
                    <VideoStatusTag status={clip.video_status} />
                    {clip.event_video_state && <VideoStateTag state={clip.event_video_state} />}
                  </Space>
                }
                extra={
                  <Space>
                    {clip.recreatable && may(...ACTION_ROLES.eventClipRecreate) && (
                      <Button size="small" loading={recreating === clip.id} onClick={() => onRecreate(clip)}>
                        {t('clips.recreate')}
                      </Button>
                    )}
                    {canPlay && playable(clip) && (
                      <Button size="small" onClick={() => void download(clip)}>
                        {t('clips.download')}
                      </Button>
                    )}
                  </Space>
                }
              >
                {canPlay && playable(clip) ? (
                  <ClipVideo
                    url={addresses?.clips.find((c) => c.id === clip.id)?.url}
                    label={camera}
                    onTime={onTime}
                    register={(video) => {
                      if (video) videos.current.set(clip.id, video);
                      else videos.current.delete(clip.id);
                    }}
                  />
                ) : (
                  (clip.failure_detail || playable(clip)) && (
                    <Typography.Text type="secondary">
                      {clip.failure_detail ?? t('clips.notAllowed')}
                    </Typography.Text>
                  )
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      {anyPlayable && (
        // The timeline takes the width there is, up to 360 px: a fixed width pushed a phone's page
        // 100 px past its screen.
        <Flex align="center" gap={12} style={{ width: '100%' }}>
          <Button type="primary" onClick={toggle} aria-pressed={playing} loading={press.isPending}>
            {playing ? t('clips.pause') : t('clips.play')}
          </Button>
          <Slider
            style={{ flex: '1 1 0', minWidth: 0, maxWidth: 360 }}
            min={0}
            max={Math.max(duration, 0.1)}
            step={0.1}
            value={position}
            onChange={seek}
            tooltip={{ formatter: (v) => `${(v ?? 0).toFixed(1)} s` }}
            ariaLabelForHandle={t('clips.timeline')}
          />
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {position.toFixed(1)} / {duration.toFixed(1)} s
          </Typography.Text>
        </Flex>
      )}
    </Space>
  );
}
