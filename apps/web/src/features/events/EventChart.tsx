// The moment around the event on one time axis, in seconds from it: the vehicle's speed from its
// reported positions (GET /vehicles/{id}/map, 30 s either side), the g-forces (gx, gy, gz) the
// device reported with the event, and a line where the videos are playing. The API keeps no g
// samples around an event, only the event's own values, so those are drawn as points at 0.
// Loaded lazily with ECharts (echarts/core, only the parts used).
import type { EventDetail, TrackPoint } from '@fleetlens/contracts';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type ECharts, type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_SECONDS } from './chartWindow';

use([
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type EventChartProps = {
  event: EventDetail;
  /** Positions around the event ([ms, lng, lat, km/h, degrees]); empty when none could be read. */
  points: TrackPoint[];
  /** Where the videos are, in seconds from the event; null while none plays. */
  cursor: number | null;
  label: string;
};

export default function EventChart({ event, points, cursor, label }: EventChartProps) {
  const { t } = useTranslation('events');
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const at = Date.parse(event.time);
  const option = useMemo((): EChartsCoreOption => {
    const speed = points.map(([ms, , , kmh]) => [Math.round((ms - at) / 100) / 10, kmh]);
    const g = (name: string, value: number, color: string) => ({
      type: 'scatter',
      name,
      yAxisIndex: 1,
      symbolSize: 10,
      itemStyle: { color },
      data: [[0, value]],
    });
    return {
      grid: { left: 48, right: 48, top: 36, bottom: 32 },
      tooltip: { trigger: 'item' },
      legend: { top: 0 },
      xAxis: { type: 'value', min: -CHART_SECONDS, max: CHART_SECONDS, name: t('chart.seconds') },
      yAxis: [
        { type: 'value', name: t('units.kmh'), min: 0 },
        { type: 'value', name: 'G', splitLine: { show: false } },
      ],
      series: [
        {
          type: 'line',
          name: t('fields.speed'),
          showSymbol: speed.length < 60,
          data: speed.length > 0 ? speed : [[0, event.speed]],
          markLine: {
            symbol: 'none',
            silent: true,
            label: { formatter: t('chart.event') },
            lineStyle: { color: '#d4380d' },
            data: [{ xAxis: 0 }],
          },
        },
        g('gx', event.gx, '#1677ff'),
        g('gy', event.gy, '#52c41a'),
        g('gz', event.gz, '#722ed1'),
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
      ],
    };
  }, [event, points, at, t]);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const made = init(node);
    chart.current = made;
    const observer = new ResizeObserver(() => made.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      made.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  // The playing position moves ten times a second: only the video line is redrawn.
  useEffect(() => {
    chart.current?.setOption({
      series: [{}, {}, {}, {}, { markLine: { data: cursor === null ? [] : [{ xAxis: cursor }] } }],
    });
  }, [cursor]);

  return (
    <div ref={element} role="img" aria-label={label} data-testid="event-chart" style={{ height: 240 }} />
  );
}
