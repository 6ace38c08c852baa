// /live-camera/:vehicleId: a vehicle's cameras live (1 to 4). Play asks the server, which asks the
// device to publish; each camera then plays its signed stream. While it plays the page beats every
// couple of seconds and shows the watched and remaining time the server counted; at the
// continuous limit the server ends the view and the page says "Live camera stopped (retry)"
// with Retry. A device that drops meanwhile: "Device is offline, waiting" (its time is not
// counted); a vehicle offline at the start: the server's "try again later". Leaving stops it.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../shell/QueryState';
import {
  beatLiveView,
  clock,
  fetchLiveTarget,
  type LiveCameraTarget,
  type LiveView,
  type LiveViewStatus,
  liveKeys,
  startLiveView,
  stopLiveView,
} from './api';
import { LivePlayer } from './LivePlayer';
import { LiveViewsTable } from './LiveViewsTable';

export function LiveCameraViewerPage() {
  const { vehicleId = '' } = useParams();
  const target = useQuery({
    queryKey: liveKeys.target(vehicleId),
    queryFn: () => fetchLiveTarget(vehicleId),
  });
  if (!target.data) return <QueryState query={target} record />;
  return <Viewer key={vehicleId} target={target.data} />;
}

function Viewer({ target }: { target: LiveCameraTarget }) {
  const { t } = useTranslation('live-camera');
  const queryClient = useQueryClient();
  const [view, setView] = useState<LiveView | null>(null);
  const [status, setStatus] = useState<LiveViewStatus | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const current = useRef<string | null>(null);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: liveKeys.views(target.vehicle.id) });
  }, [queryClient, target.vehicle.id]);

  const play = async () => {
    setStarting(true);
    setRefusal(null);
    try {
      const started = await startLiveView(target.vehicle.id);
      current.current = started.id;
      setView(started);
      setStatus(started);
      refresh();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setStarting(false);
    }
  };

  const stop = async () => {
    const id = current.current;
    current.current = null;
    if (!id) return;
    setStatus(await stopLiveView(id).catch(() => null));
    setView(null);
    refresh();
  };

  // Beats while the view plays; the server's answer says whether it goes on.
  const viewId = view?.id;
  useEffect(() => {
    if (!viewId || !view) return;
    let gone = false;
    const beat = async () => {
      const answer = await beatLiveView(viewId).catch(() => null);
      if (gone || !answer) return;
      setStatus(answer);
      if (answer.state === 'ended') {
        current.current = null;
        setView(null);
        refresh();
      }
    };
    const timer = setInterval(beat, view.heartbeat_seconds * 1000);
    // The limit's moment itself, not the next beat after it.
    const limit = setTimeout(beat, view.allowed_seconds * 1000 + 50);
    return () => {
      gone = true;
      clearInterval(timer);
      clearTimeout(limit);
    };
  }, [viewId, view, refresh]);

  // Leaving the page (or another vehicle) stops the view.
  useEffect(
    () => () => {
      if (current.current) void stopLiveView(current.current);
    },
    [],
  );

  const limits = target.limits;
  const remaining = status?.remaining_seconds ?? limits.remaining_seconds;
  const ended = status?.state === 'ended' ? status.end_reason : null;
  const offline = status?.state === 'device-offline';
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('title', { name: target.vehicle.name })}
        extra={
          view ? (
            <Button onClick={() => void stop()}>{t('stop')}</Button>
          ) : (
            <Button
              type="primary"
              loading={starting}
              disabled={target.cameras === 0}
              onClick={() => void play()}
            >
              {ended === 'limit' ? t('retry') : t('play')}
            </Button>
          )
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 4 }}
          items={[
            {
              key: 'device',
              label: t('fields.device'),
              children: target.device ? (
                <Space>
                  {target.device.device_id}
                  {target.online ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('offline')}</Tag>}
                </Space>
              ) : (
                t('noDevice')
              ),
            },
            { key: 'cameras', label: t('fields.cameras'), children: target.cameras },
            { key: 'continuous', label: t('fields.continuous'), children: clock(limits.continuous_seconds) },
            {
              key: 'remaining',
              label: t('fields.remaining'),
              children: (
                <span data-testid="live-remaining">
                  {t('remainingOf', { remaining: clock(remaining), max: clock(limits.monthly_max_seconds) })}
                </span>
              ),
            },
          ]}
        />
        {view && status && (
          <Typography.Text type="secondary" data-testid="live-watched">
            {t('watched', { watched: clock(status.watched_seconds), allowed: clock(status.allowed_seconds) })}
          </Typography.Text>
        )}
      </Card>
      {refusal && <Alert type="error" showIcon message={refusal} />}
      {ended === 'limit' && (
        <Alert
          type="warning"
          showIcon
          message={t('stopped')}
          action={
            <Button size="small" loading={starting} onClick={() => void play()}>
              {t('retry')}
            </Button>
          }
        />
      )}
      {ended === 'no-time-left' && <Alert type="error" showIcon message={t('errors:liveNoTimeLeft')} />}
      {ended === 'idle' && <Alert type="info" showIcon message={t('reasons.idle')} />}
      {offline && <Alert type="warning" showIcon message={t('deviceOffline')} />}
      {view && (
        <div
          style={{
            display: 'grid',
            gap: 12,
            gridTemplateColumns: view.streams.length > 1 ? 'repeat(auto-fit, minmax(320px, 1fr))' : '1fr',
          }}
        >
          {view.streams.map((s) => (
            <LivePlayer key={`${view.id}-${s.camera}`} camera={s.camera} url={s.url} />
          ))}
        </div>
      )}
      <Card size="small" title={t('history.title')}>
        <LiveViewsTable vehicleId={target.vehicle.id} />
      </Card>
    </Space>
  );
}
