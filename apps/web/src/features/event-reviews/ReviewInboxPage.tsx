// /event-inbox: what waits for the reviewer, newest first: events assigned to them and not closed,
// and unassigned events needing review in their companies. Pushes of new or changed events ask
// the list again. A row opens the event, where the workflow panel moves it on.
import { EVENT_TYPES, type ReviewInboxItem } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { eventDetailPath } from '../events/EventsPage';
import {
  operatorColumn,
  reviewStateColumn,
  tagColumn,
  timeColumn,
  vehicleColumn,
} from '../events/eventColumns';
import { useNewEventsRefresh } from '../events/useEventChanged';
import { fetchInbox, type InboxParams, reviewKeys } from './api';

export function ReviewInboxPage() {
  const { t } = useTranslation(['event-reviews', 'events']);
  useNewEventsRefresh(reviewKeys.inbox.lists);
  const list = usePagedList<ReviewInboxItem, InboxParams>({
    key: reviewKeys.inbox.list,
    fetch: fetchInbox,
    pageSize: 50,
    totalText: (total) => t('inbox.total', { count: total }),
  });
  const type = (e: ReviewInboxItem) => t(`events:types.${e.type}`);
  const assignee = (e: ReviewInboxItem) => e.assignee?.name ?? t('inbox.unassigned');
  const columns: ListColumn<ReviewInboxItem>[] = [
    timeColumn(t('events:fields.time'), (e, time) => <Link to={eventDetailPath(e.id)}>{time}</Link>),
    textColumn(t('events:fields.type'), 'type', type, { codes: EVENT_TYPES }),
    reviewStateColumn(t('events:fields.review_state'), t),
    textColumn(t('inbox.assignee'), 'assignee', assignee),
    vehicleColumn(t('events:fields.vehicle')),
    operatorColumn(t('events:fields.operator')),
    tagColumn(t('events:fields.tag'), t),
  ];
  return (
    <ListPage
      list={list}
      columns={columns}
      name="eventInbox"
      fileName="review-inbox"
      empty={t('inbox.empty')}
    />
  );
}
