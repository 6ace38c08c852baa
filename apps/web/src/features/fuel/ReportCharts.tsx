// The fuel report's chart: litres per working hour of each line, drawn with ECharts (loaded
// lazily with this file). By kind: a bar per vehicle (listings), a line per vehicle over its days
// (details), bars per vehicle for each of the three months, a bar per group and operator (summary).
import type { FuelReport } from '@fleetlens/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../kernel/useEChart';
import { subjectOf } from './explain';

use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ReportChartsProps = { report: FuelReport };

const GRID = { left: 48, right: 16, top: 40, bottom: 48, containLabel: true };

export default function ReportCharts({ report }: ReportChartsProps) {
  const { t } = useTranslation('fuel');
  const title = t('chart.title');
  const option = useMemo((): EChartsCoreOption => {
    const unit = t('units.lPerH');
    if (report.kind === 'details' || report.kind === 'threeMonths') {
      const parts = [...new Set(report.rows.map((r) => r.part))].sort();
      const vehicles = [...new Map(report.rows.map((r) => [r.id ?? '', subjectOf(r, t)])).entries()];
      return {
        grid: GRID,
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll' },
        xAxis: { type: 'category', data: parts },
        yAxis: { type: 'value', name: unit },
        series: vehicles.map(([id, name]) => ({
          type: report.kind === 'details' ? 'line' : 'bar',
          name,
          connectNulls: false,
          data: parts.map(
            (part) => report.rows.find((r) => (r.id ?? '') === id && r.part === part)?.l_per_h ?? null,
          ),
        })),
      };
    }
    const rows = report.rows.filter((r) => r.l_per_h !== null);
    return {
      grid: GRID,
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: rows.map((r) => subjectOf(r, t)),
        axisLabel: { interval: 0, rotate: rows.length > 8 ? 30 : 0 },
      },
      yAxis: { type: 'value', name: unit },
      series: [
        { type: 'bar', name: unit, data: rows.map((r) => r.l_per_h), itemStyle: { color: '#1677ff' } },
      ],
    };
  }, [report, t]);
  const { element } = useEChart(option);
  return (
    <div
      ref={element}
      role="img"
      aria-label={title}
      data-testid="fuel-chart"
      style={{ height: 300, width: '100%' }}
    />
  );
}
