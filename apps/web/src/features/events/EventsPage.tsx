// /event-summary: the events of the companies the user may see, newest first, paged on the server
// (the contracts' event list query) with the safety manager's filters; times in the browser's
// zone, the check tag and the video status as coloured tags. New events appear as they are
// reported: the `events-created` push makes the list ask again, as does `events-changed` (a clip's
// state moved on). A row opens the event. On a phone a row is one block (EventPhoneRow).
import { EVENT_TYPES, type EventDto, eventFilterShape } from '@fleetlens/contracts';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { withUnit } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { listWords, usePagedList } from '../../shell/lists/usePagedList';
import { useMobile } from '../../shell/useMobile';
import { type EventListParams, eventKeys, fetchEvents } from './api';
import { EventFilters } from './EventFilters';
import { EventPhoneRow } from './EventPhoneRow';
import {
  operatorColumn,
  reviewStateColumn,
  tagColumn,
  timeColumn,
  vehicleColumn,
  videoStatusColumn,
} from './eventColumns';
import { eventPaging } from './eventPaging';
import { useNewEventsRefresh } from './useEventChanged';

export const eventDetailPath = (id: string) => `/event-summary/${encodeURIComponent(id)}/event-detail`;

/**
 * The filters a link into the list gives in its address (a driving score's events: operator,
 * period, harsh types, not excluded, not dismissed), each kept only if the list's query accepts it.
 */
export function filtersOfAddress(search: URLSearchParams): Partial<EventListParams> {
  const filters: Record<string, string> = {};
  for (const [name, rule] of Object.entries(eventFilterShape)) {
    const value = search.get(name);
    if (value && rule.safeParse(value).success) filters[name] = value;
  }
  return filters;
}

export function EventsPage() {
  const { t } = useTranslation('events');
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  const mobile = useMobile();
  const [showFilters, setShowFilters] = useState(false);
  useNewEventsRefresh(eventKeys.lists);
  const list = usePagedList<EventDto, EventListParams>({
    key: eventKeys.list,
    fetch: fetchEvents,
    // Its filters come from the address (usePagedList), links from a driving score's events among them.
    ...listWords(t, { name: 'eventSummary', file: 'events' }),
    ...eventPaging(t),
    pagination: { showSizeChanger: true, pageSizeOptions: [20, 50, 100] },
  });
  const open = canOpen('eventDetail');
  const type = (e: EventDto) => t(`types.${e.type}`);
  const timeLink = (e: EventDto, time: string) => <Link to={eventDetailPath(e.id)}>{time}</Link>;
  const columns: ListColumn<EventDto>[] = [
    timeColumn(t('fields.time'), open ? timeLink : undefined),
    textColumn(t('fields.type'), 'type', type, { codes: EVENT_TYPES }),
    customerColumn(t('fields.customer'), false),
    vehicleColumn(t('fields.vehicle')),
    operatorColumn(t('fields.operator')),
    textColumn(t('fields.speed'), 'speed', (e) => e.speed, {
      align: 'right',
      render: (_, e) => withUnit(e.speed, t('units.kmh')),
    }),
    tagColumn(t('fields.tag'), t),
    videoStatusColumn(t('fields.video_status'), t),
    reviewStateColumn(t('fields.review_state'), t),
    textColumn(t('fields.view_count'), 'view_count', (e) => e.view_count, { align: 'right' }),
  ];
  return (
    <ListPage
      list={list}
      filters={
        <>
          {mobile && (
            <Badge count={activeFilters(list.params)} size="small">
              <Button onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters}>
                {t('filters.title')}
              </Button>
            </Badge>
          )}
          {(!mobile || showFilters) && <EventFilters params={list.params} refine={list.refine} />}
        </>
      }
      columns={columns}
      phoneRow={(e) => (
        <EventPhoneRow event={e} {...(open ? { time: (time: string) => timeLink(e, time) } : {})} />
      )}
      table={
        open
          ? {
              onRow: (e) => ({
                onClick: (click) => {
                  // The time's own link already opens it; elsewhere in the row, the row does.
                  if ((click.target as HTMLElement).closest('a')) return;
                  navigate(eventDetailPath(e.id));
                },
                style: { cursor: 'pointer' },
              }),
            }
          : undefined
      }
    />
  );
}

/** How many of the list's filters are set (on a phone they fold behind one button). */
const activeFilters = (params: EventListParams): number =>
  (
    [
      'start',
      'type',
      'customer_id',
      'vehicle_id',
      'vehicle_group_id',
      'operator_id',
      'tag',
      'video_status',
      'review_state',
    ] as const
  ).filter((k) => params[k] !== undefined).length;
