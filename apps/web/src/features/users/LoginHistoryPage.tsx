// /users/:id/login-history: a user's sign-ins (every attempt, paged), the failed ones (the spec's
// error history), and those since the latest device reset, with who reset.
import { type LoginHistoryEntry, SERVER_TIME_FORMAT } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, type TableProps, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListTable } from '../../shell/lists/ListTable';
import { type ListState, listState } from '../../shell/lists/listState';
import { PAGE_SIZE } from '../../shell/lists/usePagedList';
import { fetchLoginAfterReset, fetchLoginHistory, fetchUser, userKeys } from './api';

type Kind = 'login-history' | 'login-max-error-history';
type Row = LoginHistoryEntry & { key: string };
const when = (iso: string) => dayjs(iso).format(SERVER_TIME_FORMAT);
const keyed = (list: LoginHistoryEntry[]): Row[] =>
  list.map((e, i) => ({ ...e, key: `${e.created_at}-${i}` }));

function useColumns(): TableProps<Row>['columns'] {
  const { t } = useTranslation('users');
  return [
    { title: t('history.at'), key: 'at', render: (_, e) => when(e.created_at) },
    {
      title: t('history.result'),
      key: 'result',
      render: (_, e) =>
        e.succeeded ? (
          <Tag color="green">{t('history.succeeded')}</Tag>
        ) : (
          <Tag color="red">{t('history.failed')}</Tag>
        ),
    },
    {
      title: t('history.reason'),
      key: 'reason',
      render: (_, e) => (e.reason ? t(`history.reasons.${e.reason}`, { defaultValue: e.reason }) : ''),
    },
    { title: t('devices.ip'), dataIndex: 'ip', key: 'ip' },
    { title: t('devices.browser'), dataIndex: 'user_agent', key: 'ua', ellipsis: true },
  ];
}

type HistoryTableProps = { state: ListState; list: LoginHistoryEntry[] } & Pick<
  TableProps<Row>,
  'loading' | 'pagination' | 'onChange'
>;

/** The sign-ins of one tab, newest first, or what the tab is waiting for. */
function HistoryTable({ state, list, ...table }: HistoryTableProps) {
  const { t } = useTranslation('users');
  return (
    <ListTable<Row>
      {...table}
      state={state}
      empty={{ title: t('history.empty') }}
      rowKey="key"
      size="small"
      dataSource={keyed(list)}
      columns={useColumns()}
      scroll={{ x: 'max-content' }}
    />
  );
}

function PagedHistory({ id, kind }: { id: string; kind: Kind }) {
  const { t } = useTranslation('users');
  const [page, setPage] = useState({ page: 1, perPage: PAGE_SIZE });
  const query = useQuery({
    queryKey: [...userKeys.one(id), kind, page],
    queryFn: ({ signal }) => fetchLoginHistory(id, kind, page, { quiet: true, signal }),
    placeholderData: keepPreviousData,
  });
  const { data, isFetching } = query;
  return (
    <HistoryTable
      state={listState(query)}
      loading={isFetching}
      list={data?.list ?? []}
      onChange={(p) => setPage({ page: p.current ?? 1, perPage: p.pageSize ?? PAGE_SIZE })}
      pagination={{
        current: page.page,
        pageSize: page.perPage,
        total: data?.total ?? 0,
        showTotal: (total) => t('history.total', { count: total }),
      }}
    />
  );
}

function AfterReset({ id }: { id: string }) {
  const { t } = useTranslation('users');
  const query = useQuery({
    queryKey: [...userKeys.one(id), 'after-reset'],
    queryFn: () => fetchLoginAfterReset(id),
  });
  const { data, isFetching } = query;
  const reset = data?.reset;
  return (
    <>
      <Typography.Paragraph type="secondary">
        {reset
          ? t('history.lastReset', { at: when(reset.created_at), by: reset.reset_by ?? '—' })
          : t('history.neverReset')}
      </Typography.Paragraph>
      <HistoryTable
        state={listState({ ...query, data: data?.list })}
        loading={isFetching}
        list={data?.list ?? []}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true }}
      />
    </>
  );
}

export function LoginHistoryPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('users');
  const user = useQuery({ queryKey: userKeys.one(id), queryFn: () => fetchUser(id) });
  return (
    <Card
      size="small"
      title={user.data ? `${user.data.first_name} ${user.data.last_name} (${user.data.username})` : ''}
    >
      <Tabs
        destroyOnHidden
        items={[
          { key: 'all', label: t('history.all'), children: <PagedHistory id={id} kind="login-history" /> },
          {
            key: 'errors',
            label: t('history.errors'),
            children: <PagedHistory id={id} kind="login-max-error-history" />,
          },
          { key: 'afterReset', label: t('history.afterReset'), children: <AfterReset id={id} /> },
        ]}
      />
    </Card>
  );
}
