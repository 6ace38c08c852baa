// One chart's drawing with ECharts: bars over time (events per type, stacked), a line (the score
// trend), bars per vehicle or operator, or a pie of the vehicles' states now. Only the parts used
// are imported, and this file is loaded lazily (like the drive summary's charts), so ECharts never
// weighs on the first page.
import { type Chart, type ChartData, SCORE_MAX, SCORE_MIN } from '@fleetlens/contracts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../kernel/useEChart';
import { intervalLabel } from '../drive-summary/format';

use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartViewProps = {
  chart: Pick<Chart, 'name' | 'name_prefix' | 'name_suffix'>;
  data: ChartData;
  /** What the chart says, for those who cannot see it. */
  description: string;
};

const STATE_COLOURS = { online: '#52c41a', offline: '#8c8c8c', none: '#d9d9d9' } as const;
const GRID = { left: 48, right: 16, top: 40, bottom: 48 };

export default function ChartView({ chart, data, description }: ChartViewProps) {
  const { t } = useTranslation('charts');
  const option = useMemo((): EChartsCoreOption => {
    const figure = (value: unknown) =>
      value === null || value === undefined
        ? '—'
        : `${chart.name_prefix}${String(value)}${chart.name_suffix}`;
    const tooltip = { trigger: data.axis === 'state' ? 'item' : 'axis', valueFormatter: figure };
    if (data.axis === 'state')
      return {
        tooltip,
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: data.categories.map((key, i) => {
              const value = data.series[0]?.values[i] ?? 0;
              return {
                name: t(`states.${key}`),
                value,
                itemStyle: { color: STATE_COLOURS[key as keyof typeof STATE_COLOURS] },
                // An empty slice keeps its place in the legend, not a label on the ring that
                // would sit on its neighbour's.
                label: { show: value !== 0 },
                labelLine: { show: value !== 0 },
              };
            }),
          },
        ],
      };
    const overTime = data.axis === 'hour' || data.axis === 'day';
    const labels = overTime
      ? data.categories.map((start) => intervalLabel(start, data.axis === 'hour' ? 'hour' : 'day'))
      : data.categories;
    const many = data.series.length > 1;
    return {
      grid: { ...GRID, top: many ? 56 : GRID.top },
      tooltip,
      ...(many ? { legend: { type: 'scroll', top: 0 } } : {}),
      xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
      yAxis: {
        type: 'value',
        name: t(`units.${data.unit}`),
        minInterval: data.unit === 'count' ? 1 : undefined,
        // The score trend runs over the formula's own bounds.
        ...(data.unit === 'score' ? { min: SCORE_MIN, max: SCORE_MAX } : {}),
        axisLabel: { formatter: figure },
      },
      series: data.series.map((s) => ({
        type: data.template === 'scoreTrend' ? 'line' : 'bar',
        name: data.series.length > 1 ? t(`events:types.${s.key}`) : t(`units.${data.unit}`),
        data: s.values,
        stack: many ? 'all' : undefined,
        connectNulls: false,
      })),
    };
  }, [chart, data, t]);

  const { element } = useEChart(option);

  return <div ref={element} role="img" aria-label={description} style={{ height: 260, width: '100%' }} />;
}
