// /event-video: the videos people and the random schedule asked for (types clip and Random), newest
// first, with the vehicle, operator, the window filmed, who asked, the video status and the event
// video state; a tab for each kind (random video's results among them). A row opens the video in
// place: its progress and its cameras played in sync. A failed one offers Recreate (event_vid:edit)
// for each failed clip. Clip states pushed by the server make the list ask again.
import {
  ACTION_ROLES,
  CLIP_VIDEO_STATUSES,
  EVENT_TYPES,
  EVENT_VIDEO_STATES,
  READ_RULES,
  REQUESTED_VIDEO_TYPES,
} from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllows, useMay } from '../../routes/useMay';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { ActionButton, actionsColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { listWords, usePagedList } from '../../shell/lists/usePagedList';
import { recreateClip } from '../events/api';
import { VideoStateTag } from '../events/EventTags';
import { operatorColumn, timeColumn, vehicleColumn, videoStatusColumn } from '../events/eventColumns';
import { eventPaging } from '../events/eventPaging';
import { useNewEventsRefresh } from '../events/useEventChanged';
import { type EventVideo, type EventVideoParams, fetchEventVideos, videoCreatePath, videoKeys } from './api';
import { VideoFilters } from './VideoFilters';
import { VideoProgress } from './VideoProgress';
import { windowText } from './videoWindow';

const KINDS = ['all', ...REQUESTED_VIDEO_TYPES] as const;
type Kind = (typeof KINDS)[number];

export function EventVideosPage() {
  const { t } = useTranslation('videos');
  const allows = useAllows();
  const may = useMay();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string[]>([]);
  // The events' pushes refresh the event lists; these rows are events too (videoKeys.lists).
  useNewEventsRefresh(videoKeys.lists);
  const list = usePagedList<EventVideo, EventVideoParams>({
    key: videoKeys.list,
    fetch: fetchEventVideos,
    ...listWords(t, { name: 'eventVideo', file: 'event-videos' }),
    ...eventPaging(t),
  });
  const recreate = useMutation({
    mutationFn: async (v: EventVideo) => {
      for (const clip of v.clips.filter((c) => c.recreatable)) await recreateClip(v.id, clip.id);
    },
    onSuccess: async () => {
      message.success(t('recreated'));
      await queryClient.invalidateQueries({ queryKey: videoKeys.lists });
      await queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
  const toggle = (id: string) =>
    setOpen((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
  const type = (v: EventVideo) => t(`events:types.${v.type}`);
  const columns: ListColumn<EventVideo>[] = [
    timeColumn(t('fields.time'), (v, time) => (
      <ActionButton onClick={() => toggle(v.id)} aria-expanded={open.includes(v.id)}>
        {time}
      </ActionButton>
    )),
    textColumn(t('fields.type'), 'type', type, { codes: [...EVENT_TYPES, ...REQUESTED_VIDEO_TYPES] }),
    vehicleColumn(t('fields.vehicle')),
    operatorColumn(t('fields.operator')),
    textColumn<EventVideo>(t('fields.window'), 'window', windowText),
    textColumn(t('fields.requested_by'), 'requested_by', (v) => v.requested_by?.name ?? '', {
      long: true,
      render: (_, v) => v.requested_by?.name ?? (v.type === 'Random' ? t('schedule') : ''),
    }),
    videoStatusColumn(t('fields.video_status'), t),
    textColumn(
      t('fields.event_video_state'),
      'event_video_state',
      (v) => (v.event_video_state ? t(`events:videoStates.${v.event_video_state}`) : ''),
      {
        codes: EVENT_VIDEO_STATES,
        render: (_, v) => v.event_video_state && <VideoStateTag state={v.event_video_state} />,
      },
    ),
    customerColumn(t('fields.customer'), false),
    actionsColumn(t('fields.actions'), (v) => (
      <>
        {v.clips.some((c) => c.recreatable) && may(...ACTION_ROLES.eventClipRecreate) && (
          <ActionButton
            loading={recreate.isPending && recreate.variables?.id === v.id}
            onClick={() => recreate.mutate(v)}
          >
            {t('recreate')}
          </ActionButton>
        )}
        {v.vehicle && may(...ACTION_ROLES.videoCreate) && (
          <Link to={videoCreatePath(v.vehicle.id)}>{t('requestAnother')}</Link>
        )}
      </>
    )),
  ];
  const kind: Kind = list.params.type === 'clip' || list.params.type === 'Random' ? list.params.type : 'all';
  return (
    <ListPage
      list={list}
      columns={columns}
      filters={
        <>
          <Segmented<Kind>
            aria-label={t('fields.type')}
            value={kind}
            options={KINDS.map((k) => ({
              value: k,
              label: k === 'all' ? t('kinds.all') : t(`events:types.${k}`),
            }))}
            onChange={(k) => list.refine({ type: k === 'all' ? undefined : k })}
          />
          <VideoFilters params={list.params} refine={list.refine} />
          <ListFilter
            label={t('fields.video_status')}
            value={list.params.video_status}
            options={CLIP_VIDEO_STATUSES.map((s) => ({
              value: String(s),
              label: t(`events:videoStatus.${s}`),
            }))}
            onChange={(video_status) => list.refine({ video_status })}
          />
        </>
      }
      table={{
        expandable: {
          expandedRowKeys: open,
          onExpand: (_, v) => toggle(v.id),
          expandedRowRender: (v) => <VideoProgress eventId={v.id} />,
          rowExpandable: () => allows(READ_RULES.clips),
        },
      }}
    />
  );
}
