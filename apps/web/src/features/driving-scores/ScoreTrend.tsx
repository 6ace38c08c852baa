// An operator's score per interval beside the fleet's median, drawn with ECharts in a chunk of its
// own (loaded lazily by the operator's page, with the drive summary's chart frame).
import { type DriveSummaryInterval, type OperatorScore, SCORE_MAX, SCORE_MIN } from '@fleetlens/contracts';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intervalLabel } from '../drive-summary/format';
import { Chart } from '../drive-summary/SummaryCharts';

use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ScoreTrendProps = { trend: OperatorScore['trend']; interval: DriveSummaryInterval };

export default function ScoreTrend({ trend, interval }: ScoreTrendProps) {
  const { t } = useTranslation('driving-scores');
  const option = useMemo<EChartsCoreOption>(
    () => ({
      grid: { left: 48, right: 16, top: 40, bottom: 40 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: trend.map((p) => intervalLabel(p.day, interval)) },
      yAxis: { type: 'value', min: SCORE_MIN, max: SCORE_MAX },
      series: [
        {
          type: 'line',
          name: t('trend.operator'),
          data: trend.map((p) => p.score),
          connectNulls: true,
          itemStyle: { color: '#005d74' },
        },
        {
          type: 'line',
          name: t('trend.median'),
          data: trend.map((p) => p.median),
          connectNulls: true,
          lineStyle: { type: 'dashed' },
          itemStyle: { color: '#8c8c8c' },
        },
      ],
    }),
    [trend, interval, t],
  );
  return <Chart title={t('trend.title')} option={option} testId="score-trend" />;
}
