// The chart of the moment around an event (EventChart): its reach, and its ECharts option built
// from the event's readings (`samples`), or, for a device that sent none, from the event's own
// g-forces at 0 and the speed of the vehicle's positions. Pure, so it is tested without a canvas.
import type { EventDetail, TrackPoint } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';

/** How far either side of the event the positions are asked for (seconds): the most the chart reaches. */
export const CHART_SECONDS = 30;
/** The least the chart reaches either side of the event (seconds), for an event with one reading. */
const LEAST_SECONDS = 5;

/**
 * The seconds the chart spans: its readings and the videos' window, whole seconds outward. A fixed
 * ±30 s left readings of −6…+5 s and a ±10 s video in a third of the width.
 */
export function chartSpan(event: EventDetail, xs: readonly number[]): { min: number; max: number } {
  const at = Date.parse(event.time);
  const videos = event.clips
    .flatMap((c) => [Date.parse(c.window_from), Date.parse(c.window_to)])
    .map((ms) => (ms - at) / 1000);
  const all = [...xs, ...videos].filter((x) => Number.isFinite(x) && Math.abs(x) <= CHART_SECONDS);
  return {
    min: Math.floor(Math.min(-LEAST_SECONDS, ...all)),
    max: Math.ceil(Math.max(LEAST_SECONDS, ...all)),
  };
}

type Reading = 'gx' | 'gy' | 'gz' | 'roll' | 'pitch' | 'yaw';

export function eventChartOption(event: EventDetail, points: TrackPoint[], t: TFunction) {
  const at = Date.parse(event.time);
  const samples = event.samples;
  const seconds = (ms: number) => Math.round(ms / 100) / 10;
  const speed = samples.some((r) => r.speed !== undefined)
    ? samples.flatMap((r) => (r.speed === undefined ? [] : [[seconds(r.offset_ms), r.speed]]))
    : points.map(([ms, , , kmh]) => [seconds(ms - at), kmh]);
  const reading = (key: Reading) =>
    samples.flatMap((r) => (r[key] === undefined ? [] : [[seconds(r.offset_ms), r[key]]]));
  const line = (name: string, data: number[][], yAxisIndex: number, color: string) => ({
    type: 'line',
    name,
    yAxisIndex,
    showSymbol: data.length < 60,
    itemStyle: { color },
    lineStyle: { color, width: 1.5 },
    data,
  });
  const g = (key: 'gx' | 'gy' | 'gz', color: string) =>
    samples.length > 0
      ? line(key, reading(key), 1, color)
      : {
          type: 'scatter',
          name: key,
          yAxisIndex: 1,
          symbolSize: 10,
          itemStyle: { color },
          data: [[0, event[key]]],
        };
  const xs = [...speed, ...samples.map((r) => [seconds(r.offset_ms)])].map(([x]) => x ?? 0);
  return {
    // Room between the legend and the axes' names (km/h, G, °) above the plot.
    grid: { left: 48, right: 96, top: 56, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, selected: { [t('chart.yaw')]: false } },
    xAxis: { type: 'value', ...chartSpan(event, xs), name: t('chart.seconds') },
    yAxis: [
      { type: 'value', name: t('units.kmh'), min: 0 },
      { type: 'value', name: 'G', splitLine: { show: false } },
      { type: 'value', name: '°', position: 'right', offset: 48, splitLine: { show: false } },
    ],
    series: [
      // First, so the playing position (the effect below) redraws this series alone.
      {
        type: 'line',
        name: t('chart.video'),
        data: [],
        markLine: {
          symbol: 'none',
          silent: true,
          animation: false,
          label: { show: false },
          lineStyle: { color: '#595959', type: 'dashed' },
          data: [],
        },
      },
      {
        ...line(t('fields.speed'), speed.length > 0 ? speed : [[0, event.speed]], 0, '#fa8c16'),
        markLine: {
          symbol: 'none',
          silent: true,
          // Inside the plot, at its top: above it the label met the speed axis's name and the legend.
          label: { formatter: t('chart.event'), position: 'insideEndTop' },
          lineStyle: { color: '#d4380d' },
          data: [{ xAxis: 0 }],
        },
      },
      g('gx', '#1677ff'),
      g('gy', '#52c41a'),
      g('gz', '#722ed1'),
      ...(samples.length > 0
        ? [
            line(t('chart.roll'), reading('roll'), 2, '#13c2c2'),
            line(t('chart.pitch'), reading('pitch'), 2, '#eb2f96'),
            line(t('chart.yaw'), reading('yaw'), 2, '#8c8c8c'),
          ]
        : []),
    ],
  };
}
