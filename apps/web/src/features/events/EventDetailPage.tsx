// /event-summary/:eventId/event-detail: every field of one event, its cameras' clips played in
// sync, the figures the device reported at the moment, a small map of the place, the reviewer's
// workflow (features/event-reviews) and tag, comment and flags (event:edit), deletion (event:delete,
// DeleteEvent), and who viewed it. Opening the page records a view.
import {
  ACTION_ROLES,
  type ClipDto,
  type EventDetail,
  LOCKOUT_EVENT_TYPE,
  READ_RULES,
} from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Card,
  Col,
  Descriptions,
  type DescriptionsProps,
  Row,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { localTime, withUnit } from '../../kernel/format';
import { MaintenanceModeTag } from '../../kernel/MaintenanceModeTag';
import { useCanOpen } from '../../routes/useCanOpen';
import { useAllows, useMay } from '../../routes/useMay';
import { QueryState } from '../../shell/QueryState';
import { ReviewPanel } from '../event-reviews/ReviewPanel';
import { EventLockouts } from '../lockouts/VehicleLock';
import { fetchVehicleTrack, locationKeys } from '../maps/api';
import { eventKeys, fetchEvent, recordView, recreateClip } from './api';
import { ClipsPlayer } from './ClipsPlayer';
import { CHART_SECONDS } from './chartWindow';
import { DeleteEvent } from './DeleteEvent';
import { EventReviewForm } from './EventReviewForm';
import { EventTagLabel, VideoStatusTag } from './EventTags';
import { useEventChanged } from './useEventChanged';

const EventPlace = lazy(() => import('./EventPlace'));
const EventChart = lazy(() => import('./EventChart'));

/** Codes 23 and 30 keep video_start_at as the wall-clock time chosen (contracts eventSchema). */
const UNCONVERTED_CODES = new Set([23, 30]);
const CLIP_POLL_MS = 30_000;

export function EventDetailPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('events');
  const may = useMay();
  const allows = useAllows();
  const queryClient = useQueryClient();
  const event = useQuery({
    queryKey: eventKeys.one(eventId),
    queryFn: () => fetchEvent(eventId),
    // The `events-changed` push (below) reads the event again when a clip's state moves on; while a
    // camera's video is on its way the page also looks now and then, for a push lost on a reconnect.
    refetchInterval: (query) =>
      query.state.data?.clips.some((c) => c.event_video_state === 'being-created') ? CLIP_POLL_MS : false,
  });
  useEventChanged(eventId, eventKeys.one(eventId));
  const viewed = useRef('');
  /** Where the videos are, in seconds from the event. */
  const [cursor, setCursor] = useState<number | null>(null);
  useEffect(() => {
    // Once per opening of an event (a re-render or a second effect run is not another view).
    if (viewed.current === eventId) return;
    viewed.current = eventId;
    recordView(eventId)
      .then(async (seen) => {
        // The view's answer is the event as it stands, this view included: an earlier read still
        // on its way must not replace it.
        await queryClient.cancelQueries({ queryKey: eventKeys.one(eventId) });
        queryClient.setQueryData(eventKeys.one(eventId), seen);
      })
      // No such event (a mistyped address): the page's own read says so.
      .catch(() => undefined);
  }, [eventId, queryClient]);
  const e = event.data;
  if (!e) return <QueryState query={event} back="/event-summary" />;

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Typography.Text strong>
            {t(`types.${e.type}`)} · {localTime(e.time)}
          </Typography.Text>
          <EventTagLabel tag={e.tag} />
          {e.excluded && <Tag>{t('fields.excluded')}</Tag>}
          {e.do_not_delete && <Tag color="purple">{t('fields.do_not_delete')}</Tag>}
        </Space>
      }
      extra={may(...ACTION_ROLES.eventDelete) && <DeleteEvent event={e} />}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {e.type === LOCKOUT_EVENT_TYPE && <EventLockouts eventId={e.id} />}
        <Clips event={e} canPlay={allows(READ_RULES.clips)} onPosition={setCursor} />
        <Moment event={e} cursor={cursor} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={may(...ACTION_ROLES.eventEdit) ? 16 : 24}>
            <EventFields event={e} />
          </Col>
          {may(...ACTION_ROLES.eventEdit) && (
            <Col xs={24} xl={8}>
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <ReviewPanel eventId={e.id} />
                <Card size="small" title={t('review.title')}>
                  {/* Read again when a dismissal or a reopening changed the excluded flag. */}
                  <EventReviewForm key={`${e.id}:${e.excluded}`} event={e} />
                </Card>
              </Space>
            </Col>
          )}
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('place')}>
              <Suspense fallback={<div style={{ height: 260 }} />}>
                <EventPlace lat={e.lat} lng={e.lng} label={t('place')} />
              </Suspense>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Viewers event={e} />
          </Col>
        </Row>
      </Space>
    </Card>
  );
}

type ClipsProps = { event: EventDetail; canPlay: boolean; onPosition: (fromEvent: number) => void };

function Clips({ event, canPlay, onPosition }: ClipsProps) {
  const { t } = useTranslation('events');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const recreate = useMutation({
    mutationFn: (clip: ClipDto) => recreateClip(event.id, clip.id),
    onSuccess: (saved) => {
      queryClient.setQueryData(eventKeys.one(event.id), saved);
      message.success(t('clips.recreated'));
    },
  });
  return (
    <Card size="small" title={t('clips.title')}>
      <ClipsPlayer
        eventId={event.id}
        clips={event.clips}
        canPlay={canPlay}
        onRecreate={(clip) => recreate.mutate(clip)}
        recreating={recreate.isPending ? recreate.variables?.id : undefined}
        onPosition={(seconds) => {
          const start = event.clips[0]?.window_from;
          if (start) onPosition((Date.parse(start) - Date.parse(event.time)) / 1000 + seconds);
        }}
      />
    </Card>
  );
}

/** Speed and g-forces around the event, with the videos' position (the vehicle's positions: location:view). */
function Moment({ event, cursor }: { event: EventDetail; cursor: number | null }) {
  const { t } = useTranslation('events');
  const canOpen = useCanOpen();
  const at = Date.parse(event.time);
  const period = {
    start: new Date(at - CHART_SECONDS * 1000).toISOString(),
    end: new Date(at + CHART_SECONDS * 1000).toISOString(),
  };
  const vehicleId = event.vehicle?.id ?? '';
  const track = useQuery({
    queryKey: locationKeys.vehicleTrack(vehicleId, period),
    queryFn: () => fetchVehicleTrack(vehicleId, period),
    // The device's own readings carry the speed; the positions stand in for a device without them.
    enabled: vehicleId !== '' && event.samples.length === 0 && canOpen('vehicleMap'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Card size="small" title={t('chart.title')}>
      <Suspense fallback={<div style={{ height: 240 }} />}>
        <EventChart
          event={event}
          points={track.data?.points ?? []}
          cursor={cursor}
          label={t('chart.title')}
        />
      </Suspense>
      {event.samples.length === 0 && (
        <Typography.Text type="secondary">{t('chart.noSamples')}</Typography.Text>
      )}
    </Card>
  );
}

/** A zone breach's zone, rule and what broke it, in words (none for the devices' own events). */
const zoneBreachField = (e: EventDetail, t: TFunction<'events'>): [string, ReactNode][] =>
  e.zone_breach
    ? [
        [
          'zone_breach',
          t(`zoneBreaches.${e.zone_breach.rule}`, {
            zone: e.zone_breach.zone_name,
            limit: e.zone_breach.limit,
            measured: e.zone_breach.measured,
          }),
        ],
      ]
    : [];

function EventFields({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation('events');
  const g = (v: number) => `${v.toFixed(3)} G`;
  const deg = (v: number) => `${v.toFixed(1)}°`;
  const fields: [string, ReactNode][] = [
    ['time', localTime(e.time)],
    ['type', `${t(`types.${e.type}`)} (${e.type_code})`],
    ['customer', e.customer.name],
    [
      'vehicle',
      <span key="vehicle">
        {e.vehicle?.name ?? ''}
        <MaintenanceModeTag on={e.vehicle?.maintenance_mode} compact />
      </span>,
    ],
    ['operator', e.operator?.name ?? ''],
    ['rfid', e.rfid ?? ''],
    ['device', `${e.device.device_id} (${e.device.device_type})`],
    ['cameras', `${e.cameras}${e.camera_ids.length > 0 ? ` (${e.camera_ids.join(', ')})` : ''}`],
    ['video_status', <VideoStatusTag key="status" status={e.video_status} />],
    [
      'video_start_at',
      e.video_start_at === null
        ? ''
        : UNCONVERTED_CODES.has(e.type_code)
          ? e.video_start_at
          : localTime(e.video_start_at),
    ],
    ['place', `${e.lat.toFixed(6)}, ${e.lng.toFixed(6)}`],
    ...zoneBreachField(e, t),
    ['speed', withUnit(e.speed, t('units.kmh'))],
    ['direction', deg(e.direction)],
    ['gx', g(e.gx)],
    ['gy', g(e.gy)],
    ['gz', g(e.gz)],
    ['roll', deg(e.roll)],
    ['pitch', deg(e.pitch)],
    ['yaw', deg(e.yaw)],
    ['tag', <EventTagLabel key="tag" tag={e.tag} />],
    ['review_state', t(`reviewStates.${e.review_state}`)],
    ['comment', e.comment],
    ['excluded', e.excluded ? t('yes') : t('no')],
    ['do_not_delete', e.do_not_delete ? t('yes') : t('no')],
    ['view_count', e.view_count],
    ['viewer_count', e.viewer_count],
    ['received_at', localTime(e.received_at)],
    ['id', e.id],
  ];
  const items: DescriptionsProps['items'] = fields.map(([key, value]) => ({
    key,
    label: t(`fields.${key}`),
    children: value === '' ? '—' : value,
  }));
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />;
}

function Viewers({ event }: { event: EventDetail }) {
  const { t } = useTranslation('events');
  return (
    <Card size="small" title={t('viewers.title', { views: event.view_count, viewers: event.viewer_count })}>
      <Table
        size="small"
        rowKey={(v) => `${v.user_id}-${v.kind}-${v.at}`}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={event.viewers}
        locale={{ emptyText: t('viewers.none') }}
        columns={[
          { title: t('viewers.name'), key: 'name', render: (_, v) => v.name },
          { title: t('viewers.kind'), key: 'kind', render: (_, v) => t(`viewers.kinds.${v.kind}`) },
          { title: t('viewers.at'), key: 'at', render: (_, v) => localTime(v.at) },
        ]}
      />
    </Card>
  );
}
