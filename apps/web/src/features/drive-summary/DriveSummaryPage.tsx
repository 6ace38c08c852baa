// One drive summary page for the four routes (vehicle, vehicle group, operator, operator group;
// query start, end, name, interval, timesetting): operating time, distance, stops and harsh events
// per interval as charts and a table. The query lives in the address, so a summary can be
// bookmarked; whole local days are chosen, in the time setting's zone (the browser's by default).
import {
  DRIVE_SUMMARY_INTERVALS,
  DRIVE_SUMMARY_MAX_DAYS,
  type DriveSummary,
  type DriveSummaryInterval,
  type DriveSummarySubject,
  offsetText,
} from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Flex, Segmented, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { FigureRow } from '../../shell/FigureRow';
import { ListLoading } from '../../shell/lists/ListStates';
import { driveSummaryKeys, fetchDriveSummary, type SummaryQuery } from './api';
import { browserTimesetting, duration, kilometres } from './format';
import { SummaryTable } from './SummaryTable';

const SummaryCharts = lazy(() => import('./SummaryCharts'));

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The local date (YYYY-MM-DD) of an instant, in the time setting's zone. */
const localDate = (ms: number, timesetting: number) =>
  new Date(ms + timesetting * 60_000).toISOString().slice(0, 10);
const dayStart = (date: string, timesetting: number) => `${date}T00:00:00${offsetText(timesetting)}`;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The query of the address, each part checked, with today by hour in the browser's zone by default. */
function queryOf(search: URLSearchParams): SummaryQuery {
  const ts = Number(search.get('timesetting'));
  const timesetting =
    search.get('timesetting') !== null && Number.isInteger(ts) && ts >= -720 && ts <= 840
      ? ts
      : browserTimesetting();
  const interval = (DRIVE_SUMMARY_INTERVALS as readonly string[]).includes(search.get('interval') ?? '')
    ? (search.get('interval') as DriveSummaryInterval)
    : 'hour';
  const valid = (v: string | null) => (v && ISO.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);
  const today = localDate(Date.now(), timesetting);
  const start = valid(search.get('start')) ?? dayStart(today, timesetting);
  const end =
    valid(search.get('end')) ?? dayStart(addDays(localDate(Date.parse(start), timesetting), 1), timesetting);
  return { start, end, interval, timesetting };
}

const isEmpty = (s: DriveSummary) =>
  s.totals.operating_seconds === 0 &&
  s.totals.distance_m === 0 &&
  s.totals.stops === 0 &&
  s.totals.event_count === 0;

export type DriveSummaryPageProps = { kind: DriveSummarySubject; param: string };

export function DriveSummaryPage({ kind, param }: DriveSummaryPageProps) {
  const id = useParams()[param] ?? '';
  const { t } = useTranslation('drive-summary');
  const [search, setSearch] = useSearchParams();
  const query = queryOf(search);
  const summary = useQuery({
    queryKey: driveSummaryKeys.one(kind, id, query),
    queryFn: () => fetchDriveSummary(kind, id, query),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = summary.data;
  const name = data?.subject.name ?? search.get('name') ?? '';

  const firstDay = localDate(Date.parse(query.start), query.timesetting);
  const lastDay = localDate(Date.parse(query.end) - 1, query.timesetting);
  const navigate = (next: Partial<SummaryQuery>) => {
    const q = { ...query, ...next };
    const params = new URLSearchParams({
      start: q.start,
      end: q.end,
      interval: q.interval,
      timesetting: String(q.timesetting),
    });
    if (name) params.set('name', name);
    setSearch(params, { replace: true });
  };
  const setDays = (from: string, to: string, interval = query.interval) => {
    const longest = DRIVE_SUMMARY_MAX_DAYS[interval];
    const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    const last = days > longest ? addDays(from, longest - 1) : to;
    navigate({
      interval,
      start: dayStart(from, query.timesetting),
      end: dayStart(addDays(last, 1), query.timesetting),
    });
  };

  const error = summary.error instanceof ApiError ? summary.error : undefined;
  const fieldMessage = (error?.data as { fields?: { message?: string }[] } | undefined)?.fields?.[0]?.message;

  return (
    <Card
      size="small"
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(`title.${kind}`, { name })}
        </Typography.Title>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Flex wrap gap={8} align="center">
          <DatePicker.RangePicker
            allowClear={false}
            aria-label={t('period')}
            value={[dayjs(firstDay), dayjs(lastDay)]}
            disabledDate={(current, info) => {
              const from = info?.from;
              return !!from && Math.abs(current.diff(from, 'day')) >= DRIVE_SUMMARY_MAX_DAYS[query.interval];
            }}
            onChange={(range) => {
              const [from, to] = range ?? [];
              if (from && to) setDays(from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
            }}
          />
          <Segmented<DriveSummaryInterval>
            aria-label={t('intervalLabel')}
            value={query.interval}
            options={DRIVE_SUMMARY_INTERVALS.map((value) => ({ value, label: t(`interval.${value}`) }))}
            onChange={(interval) => setDays(firstDay, lastDay, interval)}
          />
          <Typography.Text type="secondary">
            {t('timesetting', { offset: `UTC${offsetText(query.timesetting)}` })}
          </Typography.Text>
        </Flex>
        {summary.isError && (
          <Alert
            type="error"
            showIcon
            message={error?.status === 404 ? t('notFound') : (fieldMessage ?? t('loadFailed'))}
            action={
              error?.status !== 404 &&
              !fieldMessage && (
                <Button onClick={() => void summary.refetch()}>{t('shell:lists.retry')}</Button>
              )
            }
          />
        )}
        {summary.isLoading && <ListLoading />}
        {data && <SummaryBody summary={data} />}
      </Space>
    </Card>
  );
}

function SummaryBody({ summary }: { summary: DriveSummary }) {
  const { t } = useTranslation('drive-summary');
  if (summary.members === 0 && summary.subject.kind !== 'vehicle' && summary.subject.kind !== 'operator')
    return <Empty description={t(`noMembers.${summary.subject.kind}`)} />;
  if (isEmpty(summary)) return <Empty description={t('empty')} />;
  const totals = summary.totals;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <FigureRow
        label={t('totals')}
        figures={[
          { title: t('columns.operating'), value: duration(totals.operating_seconds) },
          { title: t('columns.distance'), value: kilometres(totals.distance_m) },
          { title: t('columns.stops'), value: totals.stops },
          { title: t('columns.events'), value: totals.event_count },
        ]}
      />
      <Suspense fallback={<Spin />}>
        <SummaryCharts summary={summary} />
      </Suspense>
      <SummaryTable summary={summary} />
    </Space>
  );
}
