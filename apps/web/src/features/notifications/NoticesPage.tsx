// /notifications/listings and /notifications/expired/listings: the notices addressed to the
// user, newest first, times in the browser's zone; editors can edit and delete.
import {
  DATE_FORMAT,
  NOTIFICATION_TYPES,
  type Notification,
  notificationResource,
  pageAddress,
  recordAddress,
  serverTimeToLocal,
} from '@fleetlens/contracts';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { colourTagColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn, DeleteAction, useRowDelete } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { deleteNotice, fetchNotices, type NoticeWindow, noticeKeys } from './api';

const TYPE_COLORS: Record<string, string> = {
  maintenance: 'blue',
  disruption: 'red',
  manual: 'green',
  release: 'purple',
  other: 'default',
};

function Links({ n }: { n: Notification }) {
  return (
    <Space wrap>
      {n.release_note_url && (
        <a href={n.release_note_url} target="_blank" rel="noreferrer">
          {n.release_note_url_text || n.release_note_url}
        </a>
      )}
      {n.external_url && (
        <a href={n.external_url} target="_blank" rel="noreferrer">
          {n.external_url_text || n.external_url}
        </a>
      )}
    </Space>
  );
}

export function NoticesPage({ kind }: { kind: NoticeWindow }) {
  const { t } = useTranslation('notifications');
  const canOpen = useCanOpen();
  const list = usePagedList<Notification>({
    key: (params) => noticeKeys.list(kind, params),
    fetch: (params, options) => fetchNotices(kind, params, options),
    exportPath: kind === 'current' ? notificationResource.path : `${notificationResource.path}/expired`,
    totalText: (total) => t('total', { count: total }),
  });
  const remove = useRowDelete({ remove: deleteNotice, invalidate: noticeKeys.all, deleted: t('deleted') });
  const local = (value: string) => serverTimeToLocal(value, DATE_FORMAT);
  const destinations = (n: Notification) =>
    n.is_publish_to_all ? t('all') : n.destinations.map((d) => d.name).join(', ');
  const columns: ListColumn<Notification>[] = [
    { title: t('fields.title'), dataIndex: 'title', key: 'title', long: 320, exportValue: (n) => n.title },
    colourTagColumn(
      t('fields.type'),
      'type',
      (n) => n.type,
      (type) => t(`types.${type}`),
      TYPE_COLORS,
      NOTIFICATION_TYPES,
    ),
    textColumn(t('fields.publish_date'), 'publish', (n) => local(n.publish_date)),
    textColumn(t('fields.expire_date'), 'expire', (n) => local(n.expire_date)),
    textColumn(t('fields.destinations'), 'destinations', destinations, { long: true }),
    actionsColumn(
      t('actions.title'),
      (n) =>
        canOpen(notificationResource.pages.edit) && (
          <>
            <Link to={recordAddress(notificationResource, 'edit', n.id)}>{t('actions.edit')}</Link>
            <DeleteAction
              label={t('actions.delete')}
              confirm={t('confirmDelete')}
              onConfirm={() => remove.mutate(n.id)}
            />
          </>
        ),
    ),
  ];
  return (
    <ListPage
      list={list}
      name={kind === 'current' ? 'notices' : 'expiredNotices'}
      empty={kind === 'current' ? t('empty') : t('emptyExpired')}
      create={
        canOpen(notificationResource.pages.new) && {
          to: pageAddress(notificationResource.pages.new),
          label: t('actions.new'),
        }
      }
      columns={columns}
      table={{
        expandable: {
          expandedRowRender: (n) => (
            <Space direction="vertical">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {n.description}
              </Typography.Paragraph>
              <Links n={n} />
            </Space>
          ),
        },
      }}
    />
  );
}

export const CurrentNoticesPage = () => <NoticesPage kind="current" />;
export const ExpiredNoticesPage = () => <NoticesPage kind="expired" />;
