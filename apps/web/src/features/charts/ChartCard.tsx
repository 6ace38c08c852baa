// One chart of the dashboard: its name, its headline figure, and its drawing, each chart with its
// own loading, error (with Retry) and empty states; its menu edits, resizes, moves (the keyboard's
// way to reorder) and deletes it. The card's title is the handle a mouse drags it by.
import type { Chart, ChartData, ChartWidth } from '@fleetlens/contracts';
import { CHART_WIDTHS } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, Empty, type MenuProps, Space, Tag, Typography } from 'antd';
import { type HTMLAttributes, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, ListLoading } from '../../shell/lists/ListStates';
import { chartKeys, fetchChartData } from './api';
import { chartName } from './chartName';

const ChartView = lazy(() => import('./ChartView'));

const REALTIME_BACKSTOP_MS = 60_000;

export type ChartMove = -1 | 1;

export type ChartCardProps = {
  chart: Chart;
  /** Its place on the dashboard (1-based) and how many there are. */
  place: number;
  count: number;
  mayEdit: boolean;
  mayDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (by: ChartMove) => void;
  onWidth: (width: ChartWidth) => void;
  /** Props that make the title a drag handle (the page's drag and drop). */
  dragHandle?: HTMLAttributes<HTMLDivElement> | undefined;
};

const round = (n: number) => Math.round(n * 100) / 100;

/** The figure a chart is read by at a glance: a sum, or a mean for rates. */
function headline(data: ChartData): { value: number; total?: number } | null {
  const values = data.series.flatMap((s) => s.values).filter((v): v is number => v !== null);
  if (data.axis === 'state') {
    const [online = 0, ...rest] = data.series[0]?.values ?? [];
    return { value: online ?? 0, total: (online ?? 0) + rest.reduce<number>((a, b) => a + (b ?? 0), 0) };
  }
  if (values.length === 0) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  return { value: round(data.unit === 'percent' || data.unit === 'score' ? sum / values.length : sum) };
}

const isEmpty = (data: ChartData) =>
  data.axis === 'state'
    ? data.subjects === 0
    : data.series.every((s) => s.values.every((v) => v === null || v === 0));

function ChartBody({ chart }: { chart: Chart }) {
  const { t } = useTranslation('charts');
  const query = useQuery({
    queryKey: chartKeys.data(chart.id),
    queryFn: () => fetchChartData(chart.id),
    // A realtime chart follows the live channel (useRealtimeCharts); this is its backstop for a
    // user whose socket carries no device pushes (no right to the vehicles' live data).
    refetchInterval: chart.realtime ? REALTIME_BACKSTOP_MS : false,
  });
  if (query.isPending) return <ListLoading />;
  if (query.isError)
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="danger">{t('chartFailed')}</Typography.Text>
        <ListError error={query.error} retry={() => void query.refetch()} />
      </Space>
    );
  const data = query.data;
  if (data.subjects === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSubjects')} />;
  const head = headline(data);
  const figure = head
    ? t(`headline.${data.unit}`, {
        value: `${chart.name_prefix}${head.value}${chart.name_suffix}`,
        total: head.total,
      })
    : '';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="small">
      <Typography.Text strong data-testid="chart-figure">
        {figure}
      </Typography.Text>
      {isEmpty(data) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <Suspense fallback={<ListLoading />}>
          <ChartView chart={chart} data={data} description={`${chartName(chart, t)}: ${figure}`} />
        </Suspense>
      )}
      {data.left_out > 0 && (
        <Typography.Text type="secondary">
          {t('leftOut', { shown: data.subjects - data.left_out, total: data.subjects })}
        </Typography.Text>
      )}
    </Space>
  );
}

export function ChartCard({
  chart,
  place,
  count,
  mayEdit,
  mayDelete,
  onEdit,
  onDelete,
  onMove,
  onWidth,
  dragHandle,
}: ChartCardProps) {
  const { t } = useTranslation('charts');
  const name = chartName(chart, t);
  const items: MenuProps['items'] = [
    ...(mayEdit
      ? [
          { key: 'edit', label: t('edit'), onClick: onEdit },
          {
            key: 'width',
            label: t('width'),
            children: CHART_WIDTHS.map((width) => ({
              key: `width-${width}`,
              label: t(`widths.${width}`),
              disabled: width === chart.width,
              onClick: () => onWidth(width),
            })),
          },
          { key: 'earlier', label: t('moveEarlier'), disabled: place === 1, onClick: () => onMove(-1) },
          { key: 'later', label: t('moveLater'), disabled: place === count, onClick: () => onMove(1) },
        ]
      : []),
    ...(mayDelete ? [{ key: 'delete', label: t('delete'), danger: true, onClick: onDelete }] : []),
  ];
  return (
    <Card
      size="small"
      aria-label={name}
      role="region"
      data-chart-id={chart.id}
      title={
        <div {...dragHandle} style={{ cursor: dragHandle ? 'grab' : undefined }}>
          <Space size={4} wrap>
            <Typography.Text strong>{name}</Typography.Text>
            <Typography.Text type="secondary">
              {chart.period === 'range'
                ? `${chart.range_start} – ${chart.range_end}`
                : t(`periods.${chart.period}`)}
            </Typography.Text>
            {chart.private && <Tag>{t('private')}</Tag>}
            {chart.realtime && <Tag color="green">{t('live')}</Tag>}
          </Space>
        </div>
      }
      extra={
        items.length > 0 && (
          <Dropdown menu={{ items }} trigger={['click']}>
            <Button type="text" size="small" aria-label={`${t('actions')}: ${name}`}>
              ⋯
            </Button>
          </Dropdown>
        )
      }
    >
      <ChartBody chart={chart} />
    </Card>
  );
}
