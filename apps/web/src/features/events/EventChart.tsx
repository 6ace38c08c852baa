// The moment around the event on one time axis, in seconds from it, under the videos: the
// g-forces (gx, gy, gz), the attitude (roll, pitch, yaw) and the speed from the readings the
// device sent with the event (`samples`), and a line where the videos are playing. A device that
// sent no readings leaves the event's own g-forces as points at 0 and the speed from the
// vehicle's positions (GET /vehicles/{id}/map, 30 s either side).
// Loaded lazily with ECharts (echarts/core, only the parts used).
import type { EventDetail, TrackPoint } from '@fleetlens/contracts';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../kernel/useEChart';
import { eventChartOption } from './chartWindow';

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
  const option = useMemo(() => eventChartOption(event, points, t), [event, points, t]);
  const { element, chart } = useEChart(option);

  // The playing position moves ten times a second: only the video line is redrawn.
  useEffect(() => {
    chart.current?.setOption({
      series: [{ markLine: { data: cursor === null ? [] : [{ xAxis: cursor }] } }],
    });
  }, [cursor, chart]);

  return (
    <div ref={element} role="img" aria-label={label} data-testid="event-chart" style={{ height: 240 }} />
  );
}
