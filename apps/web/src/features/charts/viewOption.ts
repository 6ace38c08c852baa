// The console's drawing of a chart: the contracts' chartOptionOf with what only the console adds
// (tooltips, the legend's place, prefix and suffix on the figures, room for the axis's names).
// Kept apart from ChartView so a test can lay it out with ECharts' own renderer.
import { type Chart, type ChartData, chartOptionOf } from '@fleetlens/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { intervalLabel } from '../drive-summary/format';

const GRID = { left: 48, right: 16, top: 40, bottom: 48 };
/** A vehicle's or operator's name under its bar: turned, and cut at this width (its tooltip has it whole). */
const SUBJECT_LABEL_WIDTH = 88;

type Named = Pick<Chart, 'name_prefix' | 'name_suffix'>;

export function viewOptionOf(chart: Named, data: ChartData, t: TFunction): EChartsCoreOption {
  const figure = (value: unknown) =>
    value === null || value === undefined ? '—' : `${chart.name_prefix}${String(value)}${chart.name_suffix}`;
  const tooltip = { trigger: data.axis === 'state' ? 'item' : 'axis', valueFormatter: figure };
  const overTime = data.axis === 'hour' || data.axis === 'day';
  const option = chartOptionOf(data, {
    state: (key) => t(`states.${key}`),
    unit: t(`units.${data.unit}`),
    series: (key) => t(`events:types.${key}`),
    category: (value) => (overTime ? intervalLabel(value, data.axis === 'hour' ? 'hour' : 'day') : value),
  });
  if (data.axis === 'state') {
    // The legend names each slice with its count; a label on the ring met the legend under it (and
    // Burmese names are long), so the ring carries none.
    const values = new Map(
      data.categories.map((key, i) => [t(`states.${key}`), data.series[0]?.values[i] ?? 0]),
    );
    const series = (option.series as { data: object[] }[]).map((s) => ({
      ...s,
      center: ['50%', '44%'],
      data: s.data.map((slice) => ({ ...slice, label: { show: false }, labelLine: { show: false } })),
    }));
    return {
      ...option,
      series,
      tooltip,
      legend: { bottom: 0, formatter: (name: string) => `${name} ${values.get(name) ?? 0}` },
    };
  }
  const many = data.series.length > 1;
  // Every bar is named: a name no longer skipped when its neighbour's is wide, but turned and cut.
  const subjectLabel =
    data.axis === 'subject'
      ? { interval: 0, hideOverlap: false, rotate: 30, width: SUBJECT_LABEL_WIDTH, overflow: 'truncate' }
      : {};
  return {
    ...option,
    grid: { ...GRID, top: many ? 56 : GRID.top, bottom: data.axis === 'subject' ? 64 : GRID.bottom },
    tooltip,
    ...(many ? { legend: { type: 'scroll', top: 0 } } : {}),
    xAxis: {
      ...(option.xAxis as object),
      axisLabel: { ...(option.xAxis as { axisLabel: object }).axisLabel, ...subjectLabel },
    },
    yAxis: { ...(option.yAxis as object), axisLabel: { formatter: figure } },
  };
}
