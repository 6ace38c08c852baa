// The tachograph list (/digital-tachograph): the vehicles or operators the user sees, with a
// day's totals (driving, idle, rest, the marks against the customer's limits); a name opens the
// day's chart, the history icon the subject's driving history. Day, kind, filter and page live in
// the address, so the list can be bookmarked.

import { HistoryOutlined, SettingOutlined } from '@ant-design/icons';
import { ACTION_ROLES, type TachographListRow } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Input, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListTable } from '../../shell/lists/ListTable';
import { listState } from '../../shell/lists/listState';
import { PageCard } from '../../shell/PageCard';
import { detailsPath, fetchTachographList, historyPath, type ListQuery, tachographKeys } from './api';
import { LimitsDialog } from './LimitsDialog';
import { SubjectSwitch, useSubjectDay } from './subject';
import { totalsColumns } from './totalsColumns';

const PER_PAGE = 20;

export function TachographListPage() {
  const { t } = useTranslation('tachograph');
  const canOpen = useCanOpen();
  const may = useMay();
  const [limitsOpen, setLimitsOpen] = useState(false);
  const { search, setSearch, timesetting, kind, date } = useSubjectDay();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const filter = search.get('filter') ?? '';
  const query: ListQuery = { kind, date, timesetting, filter, page, perPage: PER_PAGE };
  const list = useQuery({
    queryKey: tachographKeys.list(query),
    queryFn: () => fetchTachographList(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const go = (next: Partial<Record<'kind' | 'date' | 'filter' | 'page', string>>) => {
    const params = new URLSearchParams({ kind, date, filter, page: String(page), ...next });
    if (!params.get('filter')) params.delete('filter');
    setSearch(params, { replace: true });
  };
  const state = listState(list, !!filter);

  return (
    <PageCard
      title={t('title')}
      extra={
        may(...ACTION_ROLES.tachographLimitsEdit) && (
          <Button icon={<SettingOutlined />} onClick={() => setLimitsOpen(true)}>
            {t('limitsForm.open')}
          </Button>
        )
      }
    >
      <LimitsDialog open={limitsOpen} onClose={() => setLimitsOpen(false)} />
      <Flex wrap gap={8} align="center">
        <SubjectSwitch value={kind} onChange={(value) => go({ kind: value, page: '1' })} />
        <DatePicker
          allowClear={false}
          aria-label={t('day')}
          value={dayjs(date)}
          onChange={(value) => value && go({ date: value.format('YYYY-MM-DD'), page: '1' })}
        />
        <Input.Search
          allowClear
          aria-label={t('filter')}
          placeholder={t('filter')}
          defaultValue={filter}
          style={{ width: 240 }}
          onSearch={(value) => go({ filter: value, page: '1' })}
        />
      </Flex>
      <ListTable<TachographListRow>
        state={state}
        empty={{ title: t(`empty.${kind}`) }}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (p) => go({ page: String(p) }),
        }}
        columns={[
          {
            key: 'name',
            title: t(`kind.${kind}`),
            render: (_, row) =>
              canOpen('tachographDetails') ? (
                <Link to={detailsPath(kind, row.id, date)}>{row.name}</Link>
              ) : (
                row.name
              ),
          },
          ...totalsColumns<TachographListRow>(t),
          {
            key: 'history',
            title: t('history'),
            render: (_, row) =>
              canOpen('tachographHistory') && (
                <Tooltip title={t('history')}>
                  <Link to={historyPath(kind, row.id)} aria-label={`${t('history')}: ${row.name}`}>
                    <Button type="text" size="small" icon={<HistoryOutlined />} tabIndex={-1} />
                  </Link>
                </Tooltip>
              ),
          },
        ]}
      />
    </PageCard>
  );
}
