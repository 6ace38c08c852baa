// One chart's drawing with ECharts: bars over time (events per type, stacked), a line (the score
// trend), bars per vehicle or operator, or a pie of the vehicles' states now. Only the parts used
// are imported, and this file is loaded lazily (like the drive summary's charts), so ECharts never
// weighs on the first page.
import { type Chart, type ChartData, chartOptionOf } from '@fleetlens/contracts';
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

const GRID = { left: 48, right: 16, top: 40, bottom: 48 };

export default function ChartView({ chart, data, description }: ChartViewProps) {
  const { t } = useTranslation('charts');
  const option = useMemo((): EChartsCoreOption => {
    const figure = (value: unknown) =>
      value === null || value === undefined
        ? '—'
        : `${chart.name_prefix}${String(value)}${chart.name_suffix}`;
    const tooltip = { trigger: data.axis === 'state' ? 'item' : 'axis', valueFormatter: figure };
    const overTime = data.axis === 'hour' || data.axis === 'day';
    const option = chartOptionOf(data, {
      state: (key) => t(`states.${key}`),
      unit: t(`units.${data.unit}`),
      series: (key) => t(`events:types.${key}`),
      category: (value) => (overTime ? intervalLabel(value, data.axis === 'hour' ? 'hour' : 'day') : value),
    });
    if (data.axis === 'state') return { ...option, tooltip, legend: { bottom: 0 } };
    const many = data.series.length > 1;
    return {
      ...option,
      grid: { ...GRID, top: many ? 56 : GRID.top },
      tooltip,
      ...(many ? { legend: { type: 'scroll', top: 0 } } : {}),
      yAxis: { ...(option.yAxis as object), axisLabel: { formatter: figure } },
    };
  }, [chart, data, t]);

  const { element } = useEChart(option);

  return <div ref={element} role="img" aria-label={description} style={{ height: 260, width: '100%' }} />;
}
