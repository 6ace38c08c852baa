// The driving history (/digital-tachograph/driving-history?kind&id): a vehicle's or an
// operator's days, newest first, each with its totals and marks, a day opening its chart. The
// subject is picked from the tachograph list's subjects (the same scope); the choice lives in the
// address.
import { TACHOGRAPH_HISTORY_MAX_DAYS, type TachographHistory } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListTable } from '../../shell/lists/ListTable';
import { listState } from '../../shell/lists/listState';
import { PageCard } from '../../shell/PageCard';
import { detailsPath, fetchTachographHistory, fetchTachographList, tachographKeys } from './api';
import { SubjectSwitch, useSubjectDay } from './subject';
import { totalsColumns } from './totalsColumns';

type Day = TachographHistory['days'][number];

export function TachographHistoryPage() {
  const { t } = useTranslation('tachograph');
  const canOpen = useCanOpen();
  const { search, setSearch, timesetting, kind, date } = useSubjectDay();
  const id = search.get('id') ?? '';
  const [filter, setFilter] = useState('');
  const go = (next: Partial<Record<'kind' | 'id' | 'date', string>>) => {
    const params = new URLSearchParams({ kind, id, date, ...next });
    if (!params.get('id')) params.delete('id');
    setSearch(params, { replace: true });
  };
  const pickQuery = { kind, date, timesetting, filter, page: 1, perPage: 100 };
  const subjects = useQuery({
    queryKey: tachographKeys.list(pickQuery),
    queryFn: () => fetchTachographList(pickQuery),
    placeholderData: keepPreviousData,
  });
  const historyQuery = { date, days: TACHOGRAPH_HISTORY_MAX_DAYS, timesetting };
  const history = useQuery({
    queryKey: tachographKeys.history(kind, id, historyQuery),
    queryFn: () => fetchTachographHistory(kind, id, historyQuery),
    enabled: !!id,
    placeholderData: keepPreviousData,
    retry: false,
  });

  return (
    <PageCard title={history.data ? t('historyOf', { name: history.data.subject.name }) : t('history')}>
      <Flex wrap gap={8} align="center">
        <SubjectSwitch value={kind} onChange={(value) => go({ kind: value, id: '' })} />
        <Select
          showSearch
          aria-label={t(`kind.${kind}`)}
          placeholder={t(`pick.${kind}`)}
          style={{ minWidth: 240 }}
          value={id || undefined}
          filterOption={false}
          onSearch={setFilter}
          loading={subjects.isFetching}
          options={(subjects.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(value: string) => go({ id: value })}
        />
        <DatePicker
          allowClear={false}
          aria-label={t('lastDay')}
          value={dayjs(date)}
          onChange={(value) => value && go({ date: value.format('YYYY-MM-DD') })}
        />
      </Flex>
      {!id ? (
        <Alert type="info" showIcon message={t(`pick.${kind}`)} />
      ) : (
        <ListTable<Day>
          rowKey="date"
          state={listState(history)}
          empty={{ title: t('noDays') }}
          dataSource={history.data?.days}
          loading={history.isFetching}
          pagination={false}
          columns={[
            {
              key: 'date',
              title: t('day'),
              render: (_, day) =>
                canOpen('tachographDetails') ? (
                  <Link to={detailsPath(kind, id, day.date)}>{day.date}</Link>
                ) : (
                  day.date
                ),
            },
            ...totalsColumns<Day>(t),
          ]}
        />
      )}
    </PageCard>
  );
}
