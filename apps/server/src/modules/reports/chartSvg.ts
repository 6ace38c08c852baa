// A report's chart drawn on the server: ECharts' server-side rendering to an SVG string (no
// canvas, no browser), with the options the console's ChartView uses, in the report's language.
// Each text of the SVG gets its fonts (fonts.ts): Myanmar letters in tspans of the Myanmar font.
import type { Language, ReportData } from '@fleetlens/contracts';
import * as echarts from 'echarts';
import { translate } from '../../platform/i18n.ts';
import { type FontName, fontRuns } from './fonts.ts';

const STATE_COLOURS = { online: '#52c41a', offline: '#8c8c8c', none: '#d9d9d9' } as const;

function optionOf(data: ReportData, lang: Language, font: FontName): echarts.EChartsOption {
  const t = (key: string) => translate(lang, 'report', key);
  const base = { animation: false, textStyle: { fontFamily: font } };
  if (data.axis === 'state')
    return {
      ...base,
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: data.categories.map((key, i) => ({
            name: t(`states.${key}`),
            value: data.series[0]?.values[i] ?? 0,
            itemStyle: { color: STATE_COLOURS[key as keyof typeof STATE_COLOURS] },
          })),
        },
      ],
    };
  const overTime = data.axis === 'hour' || data.axis === 'day';
  const labels = overTime
    ? data.categories.map((s) => (data.axis === 'hour' ? s.slice(11, 16) : s.slice(5, 10)))
    : data.categories;
  const many = data.series.length > 1;
  return {
    ...base,
    grid: { left: 56, right: 16, top: many ? 64 : 40, bottom: 56 },
    ...(many ? { legend: { top: 0 } } : {}),
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true, rotate: overTime ? 0 : 30 } },
    yAxis: { type: 'value', name: t(`units.${data.unit}`), minInterval: data.unit === 'count' ? 1 : undefined },
    series: data.series.map((s) => ({
      type: data.template === 'scoreTrend' ? 'line' : 'bar',
      name: many ? t(`types.${s.key}`) : t(`units.${data.unit}`),
      data: s.values,
      stack: many ? 'all' : undefined,
    })),
  } as echarts.EChartsOption;
}

/** The chart as SVG, `width` × `height` points, its texts in `font` (and Myanmar runs in 'my'). */
export function chartSvg(data: ReportData, lang: Language, font: FontName, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(optionOf(data, lang, font));
    return chart
      .renderToSVGString()
      .replace(/(<text[^>]*>)([^<]*)(<\/text>)/g, (_, open: string, text: string, close: string) => {
        const runs = fontRuns(text, font);
        if (runs.every((r) => r.font === font)) return `${open}${text}${close}`;
        return `${open}${runs.map((r) => `<tspan font-family="${r.font}">${r.text}</tspan>`).join('')}${close}`;
      });
  } finally {
    chart.dispose();
  }
}
