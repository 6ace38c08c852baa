// /event-inbox: what waits for the reviewer, newest first: events assigned to them and not closed,
// and unassigned events needing review in their companies. Pushes of new or changed events ask
// the list again. A row opens the event, where the workflow panel moves it on.
import type { ReviewInboxItem } from '@fleetlens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subscribeLive } from '../../app/liveBus';
import { localTime } from '../../kernel/format';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { eventDetailPath } from '../events/EventsPage';
import { EventTagLabel } from '../events/EventTags';
import { fetchInbox, type InboxParams, reviewKeys } from './api';

export function ReviewInboxPage() {
  const { t } = useTranslation(['event-review', 'events']);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLive((message) => {
        if (message.type === 'events-created' || message.type === 'events-changed')
          void queryClient.invalidateQueries({ queryKey: reviewKeys.inboxes });
      }),
    [queryClient],
  );
  const list = usePagedList<ReviewInboxItem, InboxParams>({
    key: reviewKeys.inbox,
    fetch: fetchInbox,
    pageSize: 50,
    totalText: (total) => t('inbox.total', { count: total }),
  });
  const time = (e: ReviewInboxItem) => localTime(e.time);
  const type = (e: ReviewInboxItem) => t(`events:types.${e.type}`);
  const state = (e: ReviewInboxItem) => t(`events:reviewStates.${e.review_state}`);
  const assignee = (e: ReviewInboxItem) => e.assignee?.name ?? t('inbox.unassigned');
  const columns: ListColumn<ReviewInboxItem>[] = [
    {
      title: t('events:fields.time'),
      key: 'time',
      alwaysShown: true,
      exportValue: time,
      render: (_, e) => <Link to={eventDetailPath(e.id)}>{time(e)}</Link>,
    },
    { title: t('events:fields.type'), key: 'type', render: (_, e) => type(e), exportValue: type },
    {
      title: t('events:fields.review_state'),
      key: 'review_state',
      render: (_, e) => state(e),
      exportValue: state,
    },
    { title: t('inbox.assignee'), key: 'assignee', render: (_, e) => assignee(e), exportValue: assignee },
    {
      title: t('events:fields.vehicle'),
      key: 'vehicle',
      long: true,
      render: (_, e) => e.vehicle?.name ?? '',
      exportValue: (e) => e.vehicle?.name ?? '',
    },
    {
      title: t('events:fields.operator'),
      key: 'operator',
      long: true,
      render: (_, e) => e.operator?.name ?? '',
      exportValue: (e) => e.operator?.name ?? '',
    },
    {
      title: t('events:fields.tag'),
      key: 'tag',
      render: (_, e) => <EventTagLabel tag={e.tag} />,
      exportValue: (e) => t(`events:tags.${e.tag}`),
    },
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
