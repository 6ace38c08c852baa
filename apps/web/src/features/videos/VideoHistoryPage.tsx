// /video-history: who opened an event, played or downloaded which of its videos, and when, newest
// first, in the companies the user may see; by period, kind, company, vehicle, and the asked-for
// videos alone. The event opens where the user may open it.
import { VIDEO_HISTORY_KINDS } from '@fleetlens/contracts';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { listWords, usePagedList } from '../../shell/lists/usePagedList';
import { eventDetailPath } from '../events/EventsPage';
import { vehicleColumn } from '../events/eventColumns';
import { fetchVideoHistory, type VideoHistoryEntry, type VideoHistoryParams, videoKeys } from './api';
import { VideoFilters } from './VideoFilters';

export function VideoHistoryPage() {
  const { t } = useTranslation('videos');
  const canOpen = useCanOpen();
  const list = usePagedList<VideoHistoryEntry, VideoHistoryParams>({
    key: videoKeys.history,
    fetch: fetchVideoHistory,
    pageSize: 50,
    ...listWords(t, { words: 'history.', name: 'videoHistory', file: 'video-history' }),
  });
  const event = (v: VideoHistoryEntry) => `${t(`events:types.${v.event.type}`)} · ${localTime(v.event.time)}`;
  const clip = (v: VideoHistoryEntry) =>
    v.clip ? `${t('camera', { n: v.clip.camera })} · ${v.clip.file_name}` : '';
  const kind = (v: VideoHistoryEntry) => t(`history.kinds.${v.kind}`);
  const columns: ListColumn<VideoHistoryEntry>[] = [
    textColumn(t('history.at'), 'at', (v) => localTime(v.at), { alwaysShown: true }),
    textColumn(t('history.user'), 'user', (v) => v.user.name, { long: true }),
    textColumn(t('history.kind'), 'kind', kind, { codes: VIDEO_HISTORY_KINDS }),
    textColumn(t('history.event'), 'event', event, {
      render: (_, v) =>
        canOpen('eventDetail') ? <Link to={eventDetailPath(v.event.id)}>{event(v)}</Link> : event(v),
    }),
    vehicleColumn(t('fields.vehicle')),
    textColumn(t('history.clip'), 'clip', clip),
    customerColumn(t('fields.customer'), false),
  ];
  return (
    <ListPage
      list={list}
      columns={columns}
      filters={
        <>
          <VideoFilters params={list.params} refine={list.refine} />
          <ListFilter
            label={t('history.kind')}
            value={list.params.kind}
            options={VIDEO_HISTORY_KINDS.map((k) => ({ value: k, label: t(`history.kinds.${k}`) }))}
            onChange={(kind) => list.refine({ kind })}
          />
          <Checkbox
            checked={list.params.requested === 'true'}
            onChange={(e) => list.refine({ requested: e.target.checked ? 'true' : undefined })}
          >
            {t('history.requestedOnly')}
          </Checkbox>
        </>
      }
    />
  );
}
