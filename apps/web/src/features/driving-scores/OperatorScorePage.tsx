// /driving-score/{timing}/operator/{id}: an operator's score of the period beside the fleet's
// median (the operators of the same company), the trend of the last periods, the breakdown per
// behaviour (what each took off), and the events behind the score, each opening its event, with
// the whole set one link away in the event list.
import {
  type DrivingScoreQuery,
  type OperatorScore,
  SCORE_TREND_INTERVAL,
  type ScoreEvent,
} from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Space, Spin, Table, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { localTime, NOT_REPORTED } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { FigureRow } from '../../shell/FigureRow';
import { QueryState } from '../../shell/QueryState';
import { duration } from '../drive-summary/format';
import { eventDetailPath } from '../events/EventsPage';
import { fetchOperatorScore, scoreKeys } from './api';
import { PeriodPickers } from './PeriodPickers';
import { ScoreFormula } from './ScoreFormula';
import { ScoreTag } from './ScoreTag';
import { periodLabel, periodOf, timingOf } from './selection';

const ScoreTrend = lazy(() => import('./ScoreTrend'));

/** The event list showing exactly the events the score counted: the types it weighs (its breakdown's). */
function eventListPath(score: OperatorScore): string {
  const search = new URLSearchParams({
    operator_id: score.operator.id,
    start: score.start,
    end: score.end,
    type: score.breakdown.map((b) => b.type).join(','),
    review_state: 'needs-review,needs-coaching,coached,reviewed',
    excluded: 'false',
  });
  return `/event-summary?${search.toString()}`;
}

export function OperatorScorePage() {
  const { t } = useTranslation('driving-scores');
  const params = useParams();
  const id = params.id ?? '';
  const [search, setSearch] = useSearchParams();
  const query = periodOf(search, timingOf(params.timing));
  const score = useQuery({
    queryKey: scoreKeys.operator(id, query),
    queryFn: () => fetchOperatorScore(id, query),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = score.data;
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('operator.title', { name: data?.operator.name ?? '', period: periodLabel(query) })}
        </Typography.Title>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {query.timing !== 'manual' && (
          <Flex wrap gap={8}>
            <PeriodPickers
              timing={query.timing}
              query={query}
              manual={false}
              onChange={({ period }) => period && setSearch({ period }, { replace: true })}
            />
          </Flex>
        )}
        {data ? (
          <OperatorScoreBody score={data} query={query} />
        ) : (
          <QueryState query={score} back="/driving-score/monthly" />
        )}
        <ScoreFormula />
      </Space>
    </Card>
  );
}

type BodyProps = { score: OperatorScore; query: DrivingScoreQuery };

function OperatorScoreBody({ score, query }: BodyProps) {
  const { t } = useTranslation('driving-scores');
  const canOpen = useCanOpen();
  const { figures, fleet } = score;
  const type = (value: string) => t(`events:types.${value}`);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <FigureRow
        label={t('operator.figures')}
        figures={[
          { title: t('columns.score'), shown: <ScoreTag score={figures.score} />, span: 5 },
          {
            title: t('operator.fleetMedian', { scored: fleet.scored, operators: fleet.operators }),
            value: fleet.median ?? NOT_REPORTED,
            span: 5,
          },
          { title: t('columns.driving'), value: duration(figures.driving_seconds), span: 5 },
          { title: t('columns.events'), value: figures.event_count, span: 4 },
          { title: t('columns.perHour'), value: figures.per_hour ?? NOT_REPORTED, span: 5 },
        ]}
      />
      <Suspense fallback={<Spin />}>
        <ScoreTrend trend={score.trend} interval={SCORE_TREND_INTERVAL[query.timing]} />
      </Suspense>
      <section aria-label={t('breakdown.title')}>
        <Table
          size="small"
          title={() => <Typography.Text strong>{t('breakdown.title')}</Typography.Text>}
          pagination={false}
          rowKey="type"
          dataSource={score.breakdown}
          columns={[
            { title: t('breakdown.behaviour'), key: 'type', render: (_, b) => type(b.type) },
            { title: t('breakdown.count'), key: 'count', dataIndex: 'count', align: 'right' },
            { title: t('breakdown.weight'), key: 'weight', dataIndex: 'weight', align: 'right' },
            { title: t('breakdown.deduction'), key: 'deduction', dataIndex: 'deduction', align: 'right' },
          ]}
        />
      </section>
      <section aria-label={t('events.table')}>
        <Table<ScoreEvent>
          size="small"
          title={() => (
            <Flex justify="space-between" wrap gap={8}>
              <Typography.Text strong>{t('events.title', { count: figures.event_count })}</Typography.Text>
              {canOpen('eventSummary') && <Link to={eventListPath(score)}>{t('events.openList')}</Link>}
            </Flex>
          )}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          rowKey="id"
          locale={{ emptyText: t('events.none') }}
          dataSource={score.events}
          columns={[
            {
              title: t('events.time'),
              key: 'time',
              render: (_, e) =>
                canOpen('eventDetail') ? (
                  <Link to={eventDetailPath(e.id)}>{localTime(e.time)}</Link>
                ) : (
                  localTime(e.time)
                ),
            },
            { title: t('events.type'), key: 'type', render: (_, e) => type(e.type) },
            { title: t('events.vehicle'), key: 'vehicle', render: (_, e) => e.vehicle?.name ?? '' },
            {
              title: t('events.reviewState'),
              key: 'review_state',
              render: (_, e) => t(`events:reviewStates.${e.review_state}`),
            },
          ]}
        />
      </section>
    </Space>
  );
}
