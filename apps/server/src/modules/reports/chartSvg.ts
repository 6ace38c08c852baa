// A report's chart drawn on the server: ECharts' server-side rendering to an SVG string (no
// canvas, no browser), with the options the console's ChartView uses, in the report's language.
// Each text of the SVG is drawn from its font slice (fonts.ts); texts of several slices, or with Myanmar
// letters, are taken out and written by pdf.ts with shaping. The legend is not ECharts': pdf.ts
// writes it under the chart, measured in the fonts it is drawn in, on as many lines as it takes;
// ECharts' own legend, placed from the bottom up, grew over the axis's dates when Burmese names
// took two or three lines.
import { chartOptionOf, type Language, type ReportData } from '@fleetlens/contracts';
import * as echarts from 'echarts';
import { type Font, create as openFont } from 'fontkit';
import { translate } from '../../platform/i18n.ts';
import { type Base, fontData, fontRuns } from './fonts.ts';

/** A name of the legend and its colour in the chart. */
export interface LegendItem {
  name: string;
  colour: string;
}

const opened = new Map<string, Font>();
/**
 * A text's width as the PDF draws it (its slices, Myanmar shaped), for ECharts' layout: without a
 * canvas ECharts counts every letter outside Latin as a whole em, and a Burmese word of stacked
 * marks measured twice its width, which turned and hid axis labels that had room.
 */
function measureText(text: string, font?: string): { width: number } {
  const size = Number(/([\d.]+)px/.exec(font ?? '')?.[1] ?? 12);
  let width = 0;
  for (const run of fontRuns(text, 'jp')) {
    let face = opened.get(run.font);
    if (!face) {
      face = openFont(fontData(run.font));
      opened.set(run.font, face);
    }
    width += (face.layout(run.text).advanceWidth / face.unitsPerEm) * size;
  }
  return { width };
}
echarts.setPlatformAPI({ measureText: measureText as never });

function optionOf(data: ReportData, lang: Language): echarts.EChartsOption {
  const t = (key: string) => translate(lang, 'report', key);
  const overTime = data.axis === 'hour' || data.axis === 'day';
  const option = chartOptionOf(data, {
    state: (key) => t(`states.${key}`),
    unit: t(`units.${data.unit}`),
    series: (key) => t(`types.${key}`),
    // The table under the chart gives each interval's day: the axis its hour, or its month and day.
    category: (value) =>
      !overTime ? value : data.axis === 'hour' ? value.slice(11, 16) : value.slice(5, 10),
  });
  const place =
    data.axis === 'state'
      ? {
          // No labels on the ring: the legend under the chart names every slice with its count.
          series: (option.series as { data: object[] }[]).map((s) => ({
            ...s,
            data: s.data.map((slice) => ({ ...slice, label: { show: false }, labelLine: { show: false } })),
          })),
        }
      : {
          // The axis's labels are kept inside the chart (ECharts' outer bounds, the whole SVG):
          // long turned names make the plot smaller, not the labels spill under the chart.
          grid: { left: 56, right: 16, top: 40, bottom: 48 },
          xAxis: { ...(option.xAxis as object), axisLabel: { hideOverlap: true, rotate: overTime ? 0 : 30 } },
        };
  return { ...option, ...place, animation: false } as echarts.EChartsOption;
}

/** The legend's names and colours: the states of the ring with their counts, or the series when several. */
function legendOf(chart: echarts.ECharts, data: ReportData, option: echarts.EChartsOption): LegendItem[] {
  const series = option.series as { name?: string; data: (number | { name: string; value: number })[] }[];
  if (data.axis === 'state')
    return (series[0]?.data ?? []).map((slice, dataIndex) => {
      const { name, value } = slice as { name: string; value: number };
      return {
        name: `${name} ${value}`,
        colour: String(chart.getVisual({ seriesIndex: 0, dataIndex }, 'color')),
      };
    });
  if (series.length < 2) return [];
  return series.map((s, seriesIndex) => ({
    name: s.name ?? '',
    colour: String(chart.getVisual({ seriesIndex }, 'color')),
  }));
}

/**
 * A text of the chart that svg-to-pdfkit cannot draw: it places glyphs one by one without the
 * font's shaping, which loses the Myanmar script's stacked and reordered marks. pdf.ts writes
 * these itself (pdfText.ts) where the SVG had them.
 */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  /** The SVG transform as a matrix [a b c d e f]. */
  matrix: [number, number, number, number, number, number];
  anchor: 'start' | 'middle' | 'end';
  size: number;
  fill: string;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
const decoded = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, e: string) => ENTITIES[e] ?? '');

function matrixOf(transform: string | undefined): PlacedText['matrix'] {
  const numbers = (transform ?? '').match(/-?[\d.]+(?:e-?\d+)?/g)?.map(Number) ?? [];
  if (transform?.startsWith('matrix') && numbers.length === 6) return numbers as PlacedText['matrix'];
  if (transform?.startsWith('translate')) return [1, 0, 0, 1, numbers[0] ?? 0, numbers[1] ?? 0];
  return [1, 0, 0, 1, 0, 0];
}

/**
 * The chart as SVG, `width` × `height` points, its texts in `font`; the texts with Myanmar letters
 * are taken out of the SVG and answered apart, placed, to be written with shaping; the legend is
 * answered apart, for pdf.ts to write under it.
 */
export function chartSvg(
  data: ReportData,
  lang: Language,
  font: Base,
  width: number,
  height: number,
): { svg: string; texts: PlacedText[]; legend: LegendItem[] } {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  const texts: PlacedText[] = [];
  try {
    const option = optionOf(data, lang);
    chart.setOption(option);
    const legend = legendOf(chart, data, option);
    const svg = chart
      .renderToSVGString()
      .replace(/(<text[^>]*>)([^<]*)<\/text>/g, (_, open: string, text: string) => {
        const runs = fontRuns(decoded(text), font);
        // One slice: svg-to-pdfkit draws it, told the slice by the text's font-family.
        if (runs.length === 1 && !runs[0]?.font.startsWith('my-'))
          return `${open.replace(/font-family:[^;"]*/, `font-family:${runs[0]?.font}`)}${text}</text>`;
        const anchor = attr(open, 'text-anchor');
        texts.push({
          text: decoded(text),
          x: Number(attr(open, 'x') ?? 0),
          y: Number(attr(open, 'y') ?? 0),
          matrix: matrixOf(attr(open, 'transform')),
          anchor: anchor === 'middle' || anchor === 'end' ? anchor : 'start',
          size: Number(/font-size:([\d.]+)px/.exec(open)?.[1] ?? 12),
          fill: attr(open, 'fill') ?? '#000',
        });
        return '';
      });
    return { svg, texts, legend };
  } finally {
    chart.dispose();
  }
}
