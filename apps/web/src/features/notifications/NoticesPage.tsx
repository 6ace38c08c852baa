// /notifications/listings and /notifications/expired/listings: the notices addressed to the
// user, newest first, times in the browser's zone; editors can edit and delete.
import { DATE_FORMAT, type Notification, serverTimeToLocal } from '@fleetlens/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListParams } from '../../api/listQuery';
import { useCanOpen } from '../../routes/useCanOpen';
import { deleteNotice, fetchNotices, type NoticeWindow, noticeKeys } from './api';

const PAGE_SIZE = 20;
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
  const [params, setParams] = useState<ListParams>({ page: 1, perPage: PAGE_SIZE });
  const { data, isFetching } = useQuery({
    queryKey: noticeKeys.list(kind, params),
    queryFn: () => fetchNotices(kind, params),
    placeholderData: keepPreviousData,
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
              <Typography.Link type="danger">{t('actions.delete')}</Typography.Link>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {canOpen('notificationNew') && (
        <Link to="/notifications/new">
          <Button type="primary">{t('actions.new')}</Button>
        </Link>
      )}
      <Table<Notification>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        scroll={{ x: 'max-content' }}
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
        onChange={(p: TablePaginationConfig) =>
          setParams((old) => ({ ...old, page: p.current ?? 1, perPage: p.pageSize ?? PAGE_SIZE }))
        }
        pagination={{
          current: params.page,
          pageSize: params.perPage,
          total: data?.total ?? 0,
          showTotal: (total) => t('total', { count: total }),
        }}
      />
    </Space>
  );
}

export const CurrentNoticesPage = () => <NoticesPage kind="current" />;
export const ExpiredNoticesPage = () => <NoticesPage kind="expired" />;
