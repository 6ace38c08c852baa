// /notifications/listings and /notifications/expired/listings: the notices addressed to the
// user, newest first, times in the browser's zone; editors can edit and delete.
import { DATE_FORMAT, type Notification, serverTimeToLocal } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { ActionButton } from '../../shell/lists/rowActions';
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
  const { message } = App.useApp();
  const canOpen = useCanOpen();
  const queryClient = useQueryClient();
  const list = usePagedList<Notification>({
    key: (params) => noticeKeys.list(kind, params),
    fetch: (params) => fetchNotices(kind, params),
    totalText: (total) => t('total', { count: total }),
  });
  const remove = useMutation({
    mutationFn: deleteNotice,
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
  const local = (value: string) => serverTimeToLocal(value, DATE_FORMAT);
  const columns: ColumnsType<Notification> = [
    { title: t('fields.title'), dataIndex: 'title', key: 'title' },
    {
      title: t('fields.type'),
      key: 'type',
      render: (_, n) => <Tag color={TYPE_COLORS[n.type]}>{t(`types.${n.type}`)}</Tag>,
    },
    { title: t('fields.publish_date'), key: 'publish', render: (_, n) => local(n.publish_date) },
    { title: t('fields.expire_date'), key: 'expire', render: (_, n) => local(n.expire_date) },
    {
      title: t('fields.destinations'),
      key: 'destinations',
      render: (_, n) => (n.is_publish_to_all ? t('all') : n.destinations.map((d) => d.name).join(', ')),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, n) =>
        canOpen('notificationEdit') && (
          <Space size="small">
            <Link to={`/notifications/${n.id}/edit`}>{t('actions.edit')}</Link>
            <Popconfirm title={t('confirmDelete')} onConfirm={() => remove.mutate(n.id)}>
              <ActionButton danger>{t('actions.delete')}</ActionButton>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        create={canOpen('notificationNew') && { to: '/notifications/new', label: t('actions.new') }}
      />
      <Table<Notification>
        {...list.tableProps}
        columns={columns}
        expandable={{
          expandedRowRender: (n) => (
            <Space direction="vertical">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {n.description}
              </Typography.Paragraph>
              <Links n={n} />
            </Space>
          ),
        }}
      />
    </Space>
  );
}

export const CurrentNoticesPage = () => <NoticesPage kind="current" />;
export const ExpiredNoticesPage = () => <NoticesPage kind="expired" />;
