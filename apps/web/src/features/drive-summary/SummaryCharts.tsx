// The summary's three charts (operating time, distance, harsh events per interval), drawn with
// ECharts. Only the parts used are imported (echarts/core), and this file is loaded lazily by the
// page, so the charts cost nothing until a summary is opened.
import type { DriveSummary } from '@fleetlens/contracts';
import { Col, Row, Typography } from 'antd';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../kernel/useEChart';
import { intervalLabel } from './format';

use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type SummaryChartsProps = { summary: DriveSummary };

export type ChartProps = { title: string; option: EChartsCoreOption; testId: string };

export function Chart({ title, option, testId }: ChartProps) {
  const { element } = useEChart(option);
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <div
        ref={element}
        role="img"
        aria-label={title}
        data-testid={testId}
        style={{ height: 260, width: '100%' }}
      />
    </div>
  );
}

const GRID = { left: 48, right: 16, top: 32, bottom: 40 };

export default function SummaryCharts({ summary }: SummaryChartsProps) {
  const { t } = useTranslation('drive-summary');
  const options = useMemo(() => {
    const labels = summary.buckets.map((b) => intervalLabel(b.start, summary.interval));
    const bars = (name: string, data: number[], color: string): EChartsCoreOption => ({
      grid: GRID,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels },
      yAxis: { type: 'value', name },
      series: [{ type: 'bar', name, data, itemStyle: { color } }],
    });
    const types = Object.keys(summary.totals.events).sort();
    return {
      operating: bars(
        t('units.minutes'),
        summary.buckets.map((b) => Math.round((b.operating_seconds / 60) * 100) / 100),
        '#1677ff',
      ),
      distance: bars(
        t('units.km'),
        summary.buckets.map((b) => Math.round(b.distance_m) / 1000),
        '#52c41a',
      ),
      events: {
        grid: { ...GRID, top: 48 },
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll', top: 0 },
        xAxis: { type: 'category', data: labels },
        yAxis: { type: 'value', minInterval: 1, name: t('units.count') },
        series: types.map((type) => ({
          type: 'bar',
          stack: 'events',
          name: t(`eventTypes.${type}`, { defaultValue: type }),
          data: summary.buckets.map((b) => b.events[type] ?? 0),
        })),
      } satisfies EChartsCoreOption,
    };
  }, [summary, t]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Chart testId="chart-operating" title={t('charts.operating')} option={options.operating} />
      </Col>
      <Col xs={24} lg={12}>
        <Chart testId="chart-distance" title={t('charts.distance')} option={options.distance} />
      </Col>
      <Col xs={24}>
        <Chart testId="chart-events" title={t('charts.events')} option={options.events} />
      </Col>
    </Row>
  );
}
