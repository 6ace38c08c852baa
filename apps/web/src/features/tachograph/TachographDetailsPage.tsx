// A vehicle's or an operator's tachograph day (/digital-tachograph/:id/details?kind&date&view&from):
// the day's totals and marks, the chart of a window in one of the spec's four views (24 hours,
// 8 hours, 12 minutes, 4 minutes; a range dragged over the chart opens the shortest view that
// holds it), the cursor's time, and the harsh events, each opening its event and video. Every
// choice lives in the address, so a window can be bookmarked and Back undoes a zoom.

import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { TACHOGRAPH_VIEW_MS, TACHOGRAPH_VIEWS, type TachographView } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Segmented, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useCanOpen } from '../../routes/useCanOpen';
import { FigureRow } from '../../shell/FigureRow';
import { PageCard } from '../../shell/PageCard';
import { eventDetailPath } from '../events/EventsPage';
import { type DayQuery, fetchTachographDay, historyPath, tachographKeys } from './api';
import { ActivityLegend, DayEvents } from './DayParts';
import { clockOf, hoursMinutes } from './format';
import { useSubjectDay } from './subject';
import { sliceDay, windowAt, windowOfRange } from './window';

const TachographChart = lazy(() => import('./TachographChart'));
const DAY_MS = 86_400_000;

/** The chart's width in pixels, rounded so a small resize fetches nothing new. */
const chartWidth = () => Math.min(4000, Math.max(200, Math.round((window.innerWidth - 280) / 100) * 100));

export function TachographDetailsPage() {
  const { t } = useTranslation(['tachograph', 'events']);
  const canOpen = useCanOpen();
  const navigateTo = useNavigate();
  const id = useParams().id ?? '';
  const { search, setSearch, timesetting, kind, date } = useSubjectDay();
  const dayFrom = Date.parse(`${date}T00:00:00Z`) - timesetting * 60_000;
  const view = (TACHOGRAPH_VIEWS as readonly string[]).includes(search.get('view') ?? '')
    ? (search.get('view') as TachographView)
    : '24h';
  const asked = Number(search.get('from'));
  const length = TACHOGRAPH_VIEW_MS[view];
  // The address's `from` is the window's start; without it a view opens at the day's start.
  const start = Number.isFinite(asked) && asked > 0 ? asked : dayFrom;
  const placed = windowAt(view, start + length / 2, dayFrom);
  const width = chartWidth();
  // The whole day's answer (its totals, limits and marks, and the 24-hour view's series); a zoom
  // asks only its window's series, so it reads the window's positions alone.
  const wholeQuery: DayQuery = {
    date,
    timesetting,
    from: dayFrom,
    to: dayFrom + DAY_MS,
    width,
    totals: true,
  };
  const windowQuery: DayQuery =
    view === '24h'
      ? wholeQuery
      : { date, timesetting, from: placed.from, to: placed.to, width, totals: false };
  const whole = useQuery({
    queryKey: tachographKeys.day(kind, id, wholeQuery),
    queryFn: () => fetchTachographDay(kind, id, wholeQuery),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // Until a zoom's own answer comes, the window is drawn at once from the day's answer at hand.
  const day = useQuery({
    queryKey: tachographKeys.day(kind, id, windowQuery),
    queryFn: () => fetchTachographDay(kind, id, windowQuery),
    placeholderData: (previous) =>
      whole.data && whole.data.subject.id === id && whole.data.date === date
        ? sliceDay(whole.data, windowQuery.from, windowQuery.to)
        : previous,
    retry: false,
  });
  const [cursor, setCursor] = useState<number | null>(null);

  const go = useCallback(
    (next: { date?: string; view?: TachographView; from?: number }) => {
      const params = new URLSearchParams({ kind, date: next.date ?? date, view: next.view ?? view });
      const from = next.from ?? (next.date ? undefined : placed.from);
      if (from !== undefined && (next.view ?? view) !== '24h') params.set('from', String(from));
      setSearch(params);
    },
    [kind, date, view, placed.from, setSearch],
  );
  const centre = (placed.from + placed.to) / 2;
  const onRange = useCallback(
    (start: number, end: number) => {
      const next = windowOfRange(start, end, dayFrom);
      go({ view: next.view, from: next.from });
    },
    [dayFrom, go],
  );
  const onEvent = useCallback((eventId: string) => navigateTo(eventDetailPath(eventId)), [navigateTo]);
  const handlers = useMemo(() => ({ onRange, onCursor: setCursor, onEvent }), [onRange, onEvent]);

  const data = day.data;
  const failed = whole.error ?? day.error;
  const error = failed instanceof ApiError ? failed : undefined;
  const totals = whole.data?.totals;
  const limits = whole.data?.limits;
  const marks = whole.data?.marks;

  return (
    <PageCard
      title={t(`detailsTitle.${kind}`, { name: (whole.data ?? data)?.subject.name ?? '', date })}
      extra={canOpen('tachographHistory') && <Link to={historyPath(kind, id)}>{t('history')}</Link>}
    >
      <Flex wrap gap={8} align="center">
        <DatePicker
          allowClear={false}
          aria-label={t('day')}
          value={dayjs(date)}
          onChange={(value) => value && go({ date: value.format('YYYY-MM-DD') })}
        />
        <Segmented<TachographView>
          aria-label={t('viewLabel')}
          value={view}
          options={TACHOGRAPH_VIEWS.map((value) => ({ value, label: t(`views.${value}`) }))}
          onChange={(next) => go({ view: next, from: windowAt(next, centre, dayFrom).from })}
        />
        <Button
          icon={<LeftOutlined />}
          aria-label={t('earlier')}
          disabled={view === '24h' || placed.from <= dayFrom}
          onClick={() => go({ from: windowAt(view, centre - length, dayFrom).from })}
        />
        <Button
          icon={<RightOutlined />}
          aria-label={t('later')}
          disabled={view === '24h' || placed.to >= dayFrom + DAY_MS}
          onClick={() => go({ from: windowAt(view, centre + length, dayFrom).from })}
        />
        <Typography.Text type="secondary" data-testid="tachograph-window">
          {clockOf(placed.from, timesetting)} – {clockOf(placed.to - 1000, timesetting)}
        </Typography.Text>
        <Typography.Text aria-live="polite" data-testid="tachograph-cursor">
          {cursor === null ? t('cursorHint') : t('cursor', { time: clockOf(cursor, timesetting) })}
        </Typography.Text>
      </Flex>
      {(day.isError || whole.isError) && (
        <Alert
          type="error"
          showIcon
          message={error?.status === 404 ? t('notFound') : t('loadFailed')}
          action={
            error?.status !== 404 && (
              <Button
                onClick={() => {
                  void whole.refetch();
                  void day.refetch();
                }}
              >
                {t('shell:lists.retry')}
              </Button>
            )
          }
        />
      )}
      {totals && (
        <FigureRow
          label={t('totalsOfDay')}
          figures={[
            { title: t('totals.driving'), value: hoursMinutes(totals.driving_s) },
            { title: t('totals.idle'), value: hoursMinutes(totals.idle_s) },
            { title: t('totals.rest'), value: hoursMinutes(totals.rest_s) },
            { title: t('totals.maxSpeed'), value: `${totals.max_speed_kmh.toFixed(1)} km/h` },
            {
              title: t('totals.longestDriving'),
              value: hoursMinutes(totals.longest_continuous_driving_s),
              shown:
                totals.continuous_driving_count > 0 ? (
                  <Tag color="orange">{hoursMinutes(totals.longest_continuous_driving_s)}</Tag>
                ) : undefined,
            },
            {
              title: t('totals.overSpeed'),
              value: totals.over_speed_count,
              shown:
                totals.over_speed_count > 0 ? <Tag color="red">{totals.over_speed_count}</Tag> : undefined,
            },
          ]}
        />
      )}
      {limits && (
        <Typography.Text type="secondary">
          {t('limits', {
            speed: limits.speed_limit_kmh,
            driving: hoursMinutes(limits.max_continuous_driving_minutes * 60),
            rest: limits.min_break_minutes,
          })}
        </Typography.Text>
      )}
      {/* While the window's own answer comes, the veil takes the pointer: no drag can start. */}
      <div aria-busy={day.isFetching} data-testid="tachograph-drawing">
        <Spin spinning={day.isFetching}>
          {data && limits && marks ? (
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <TachographChart day={data} limits={limits} marks={marks} {...handlers} />
            </Suspense>
          ) : (
            <div style={{ height: 300 }} />
          )}
        </Spin>
      </div>
      <ActivityLegend />
      {data && <DayEvents events={data.events} timesetting={timesetting} />}
    </PageCard>
  );
}
