// A chart's drawing as an ECharts option, from its figures: a pie of the vehicles' states now,
// else bars (stacked per event type) or the score trend's line over the categories. The console
// (web ChartView, in the browser) and a report's PDF (server chartSvg, ECharts' server rendering)
// draw from this one description; each adds what only it needs (tooltips, fonts, the legend's
// place). Plain data: the contracts do not depend on ECharts.
import { SCORE_MAX, SCORE_MIN } from '../driving-scores/formula.ts';
import type { ChartData } from './charts.ts';

/** The words a drawing shows, in the reader's language. */
export interface ChartWords {
  /** A state of the pie ('online', 'offline', 'none'). */
  state(key: string): string;
  /** The unit of the figures (the value axis's name, and the one series' name). */
  unit: string;
  /** A series of several: an event type. */
  series(key: string): string;
  /** A category as the axis writes it (an interval's start, a vehicle's name). */
  category(value: string): string;
}

export const STATE_COLOURS = { online: '#52c41a', offline: '#8c8c8c', none: '#d9d9d9' } as const;

export function chartOptionOf(data: ChartData, words: ChartWords): Record<string, unknown> {
  if (data.axis === 'state')
    return {
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: data.categories.map((key, i) => {
            const value = data.series[0]?.values[i] ?? 0;
            return {
              name: words.state(key),
              value,
              itemStyle: { color: STATE_COLOURS[key as keyof typeof STATE_COLOURS] },
              // An empty slice keeps its place in the legend, not a label on the ring that would
              // sit on its neighbour's.
              label: { show: value !== 0 },
              labelLine: { show: value !== 0 },
            };
          }),
        },
      ],
    };
  const many = data.series.length > 1;
  return {
    xAxis: { type: 'category', data: data.categories.map(words.category), axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'value',
      name: words.unit,
      minInterval: data.unit === 'count' ? 1 : undefined,
      // The score trend runs over the formula's own bounds.
      ...(data.unit === 'score' ? { min: SCORE_MIN, max: SCORE_MAX } : {}),
    },
    series: data.series.map((s) => ({
      type: data.template === 'scoreTrend' ? 'line' : 'bar',
      name: many ? words.series(s.key) : words.unit,
      data: s.values,
      stack: many ? 'all' : undefined,
      connectNulls: false,
    })),
  };
}
