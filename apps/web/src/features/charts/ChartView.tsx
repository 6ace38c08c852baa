// One chart's drawing with ECharts: bars over time (events per type, stacked), a line (the score
// trend), bars per vehicle or operator, or a pie of the vehicles' states now. Only the parts used
// are imported, and this file is loaded lazily (like the drive summary's charts), so ECharts never
// weighs on the first page.
import type { Chart, ChartData } from '@fleetlens/contracts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../kernel/useEChart';
import { viewOptionOf } from './viewOption';

use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartViewProps = {
  chart: Pick<Chart, 'name' | 'name_prefix' | 'name_suffix'>;
  data: ChartData;
  /** What the chart says, for those who cannot see it. */
  description: string;
};

export default function ChartView({ chart, data, description }: ChartViewProps) {
  const { t } = useTranslation('charts');
  const option = useMemo(() => viewOptionOf(chart, data, t), [chart, data, t]);
  const { element } = useEChart(option);

  return <div ref={element} role="img" aria-label={description} style={{ height: 260, width: '100%' }} />;
}
