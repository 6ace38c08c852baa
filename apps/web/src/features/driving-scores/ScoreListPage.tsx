// /driving-score/monthly, /weekly and /daily: the period's score of every operator (or vehicle,
// vehicle group, operator group: the subject selector) the user may see, worst first, paged and
// sorted on the server, with the median of the list, the published formula and the company's score
// settings (whether its zone breaches count). The period and
// the subject live in the address. Without a subject the screen says what to select (the spec's
// required selection), as the server would.
import {
  DRIVE_SUMMARY_SUBJECTS,
  type DriveSummarySubject,
  type DrivingScoreQuery,
  type DrivingScoreRow,
  scoreDays,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NOT_REPORTED } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { duration } from '../drive-summary/format';
import { fetchScores, type ScoreListParams, scoreKeys } from './api';
import { type PeriodChange, PeriodPickers } from './PeriodPickers';
import { ScoreFormula } from './ScoreFormula';
import { ScoreSettingsPanel } from './ScoreSettingsPanel';
import { ScoreTag } from './ScoreTag';
import { type FixedTiming, operatorScorePath, periodLabel, periodOf, subjectOf } from './selection';

export type ScoreListPageProps = { timing: FixedTiming };

export function ScoreListPage({ timing }: ScoreListPageProps) {
  const { t } = useTranslation('driving-scores');
  const [search, setSearch] = useSearchParams();
  const query = periodOf(search, timing);
  const subject = subjectOf(search);
  const change = (changes: Partial<PeriodChange> & { subject?: string }) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes))
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    setSearch(next, { replace: true });
  };
  const days = scoreDays(query);
  const filters = (
    <>
      <PeriodPickers timing={timing} query={query} onChange={change} />
      <Select<DriveSummarySubject>
        allowClear
        aria-label={t('subject.label')}
        placeholder={t('subject.label')}
        style={{ width: 200 }}
        value={subject}
        options={DRIVE_SUMMARY_SUBJECTS.map((value) => ({ value, label: t(`subject.${value}`) }))}
        onChange={(value) => change({ subject: value ?? '' })}
      />
    </>
  );
  const problem = !subject
    ? 'validation:scoreSubjectRequired'
    : 'key' in days
      ? days.key.replace('.', ':')
      : '';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t(`title.${query.timing}`, { period: periodLabel(query) })}
      </Typography.Title>
      <ScoreFormula />
      <ScoreSettingsPanel />
      {subject && !problem ? (
        <ScoreTable key={subject} subject={subject} query={query} filters={filters} />
      ) : (
        <>
          <Space wrap>{filters}</Space>
          <Alert type="warning" showIcon message={t(problem)} />
        </>
      )}
    </Space>
  );
}

type ScoreTableProps = { subject: DriveSummarySubject; query: DrivingScoreQuery; filters: ReactNode };

function ScoreTable({ subject, query, filters }: ScoreTableProps) {
  const { t } = useTranslation('driving-scores');
  const canOpen = useCanOpen();
  const selection = { ...query, subject };
  const list = usePagedList<DrivingScoreRow, ScoreListParams>({
    key: (params) => scoreKeys.list({ ...params, ...selection }),
    fetch: (params, options) => fetchScores({ ...params, ...selection }, options),
    exportPath: '/driving-scores',
    exportParams: selection,
    initial: { order_by: 'score', order: 'asc' },
    totalText: (count) => t('total', { count }),
    pagination: { showSizeChanger: true, pageSizeOptions: [20, 50, 100] },
  });
  // The same call as the table's (one request): its median beside the list.
  const params = { ...list.params, ...selection };
  const page = useQuery({
    queryKey: scoreKeys.list(params),
    queryFn: ({ signal }) => fetchScores(params, { quiet: true, signal }),
  });
  const opens = subject === 'operator' && canOpen('drivingScoreOperator');
  const columns: ListColumn<DrivingScoreRow>[] = [
    textColumn(t(`subject.${subject}`), 'name', (r) => r.name, {
      sorter: true,
      alwaysShown: true,
      long: true,
      render: (_, r) => (opens ? <Link to={operatorScorePath(r.id, query)}>{r.name}</Link> : r.name),
    }),
    customerColumn(t('columns.customer'), false),
    textColumn(t('columns.score'), 'score', (r) => r.score ?? '', {
      sorter: true,
      defaultSortOrder: 'ascend',
      align: 'right',
      render: (_, r) => <ScoreTag score={r.score} />,
    }),
    textColumn(t('columns.driving'), 'driving_seconds', (r) => duration(r.driving_seconds), {
      sorter: true,
      align: 'right',
    }),
    textColumn(t('columns.events'), 'event_count', (r) => r.event_count, { sorter: true, align: 'right' }),
    textColumn(t('columns.perHour'), 'per_hour', (r) => r.per_hour ?? '', { align: 'right' }),
  ];
  return (
    <ListPage
      list={list}
      name={`drivingScores.${subject}`}
      fileName={`driving-scores-${subject}`}
      search={t('search')}
      empty={t(`empty.${subject}`)}
      filters={
        <>
          {filters}
          <CustomerFilter
            label={t('columns.customer')}
            onChange={(customer_id) => list.refine({ customer_id })}
          />
        </>
      }
      above={<Statistic title={t('median')} value={page.data?.median ?? NOT_REPORTED} />}
      columns={columns}
    />
  );
}
