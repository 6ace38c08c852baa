import type { ChartData } from '@fleetlens/contracts';
import * as echarts from 'echarts';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../app/i18n';
import { viewOptionOf } from './viewOption';

/** The texts ECharts lays out for the option at the size of a dashboard card (its own SVG renderer). */
function textsOf(data: ChartData, width: number): string[] {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height: 260 });
  try {
    chart.setOption({
      ...viewOptionOf({ name_prefix: '', name_suffix: '' }, data, i18n.getFixedT(null, 'charts')),
      animation: false,
    });
    return [...chart.renderToSVGString().matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
  } finally {
    chart.dispose();
  }
}

const perSubject = (categories: string[], unit: ChartData['unit']): ChartData => ({
  chart_id: 'c',
  template: unit === 'score' ? 'operatorRanking' : 'distancePerVehicle',
  start: '2026-11-30T00:00:00.000Z',
  end: '2026-12-07T00:00:00.000Z',
  axis: 'subject',
  categories,
  series: [{ key: 'value', values: categories.map((_, i) => 90 - i) }],
  unit,
  subjects: categories.length,
  left_out: 0,
});

describe("a dashboard chart's drawing", () => {
  beforeAll(() => initI18n('en'));

  it('names every vehicle under its bar, on a card of half the page', () => {
    const vehicles = [
      'FL-01 Counterbalance',
      'FL-02 Counterbalance',
      'RS-05 Reach stacker',
      'RT-03 Reach truck',
      'RT-04 Reach truck',
      'TT-06 Towing tractor',
    ];
    const texts = textsOf(perSubject(vehicles, 'km'), 480);
    for (const name of vehicles)
      expect(texts.some((text) => name.startsWith(text.replace('…', '').trim().slice(0, 5)))).toBe(true);
    expect(texts.filter((text) => /^(FL|RS|RT|TT)-0/.test(text))).toHaveLength(vehicles.length);
  });

  it('names all four operators of the ranking on a small card', () => {
    const operators = ['Min Aung', 'Li Wei', 'Yui Suzuki', 'Haruto Sato'];
    const texts = textsOf(perSubject(operators, 'score'), 300);
    for (const name of operators)
      expect(texts.some((text) => text === name || name.startsWith(text.replace('…', '')))).toBe(true);
  });

  it("writes each state's count in the legend, not on the ring where it met the legend", () => {
    const texts = textsOf(
      {
        ...perSubject([], 'vehicles'),
        template: 'vehiclesOnline',
        axis: 'state',
        categories: ['online', 'offline', 'none'],
        series: [{ key: 'value', values: [6, 0, 0] }],
      },
      300,
    );
    expect(texts).toEqual(expect.arrayContaining(['Online 6', 'Offline 0', 'No device 0']));
    expect(texts).not.toContain('Online');
  });
});
