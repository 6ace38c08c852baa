// The tachograph chart, drawn with ECharts on one canvas in two grids over one time axis: speed
// (a line that breaks at every gap, the speed limit, the marks as shaded spans, harsh events as
// pins that open their event and its video) above the activity band (driving, idle, stopped;
// no data left blank). The axis pointers are linked, so one cursor time runs across both, and
// the page shows it. Dragging over the chart selects a range to zoom into (the page fetches that
// window at its resolution). Loaded lazily, with the ECharts parts it needs.
import type { TachographActivity, TachographDay } from '@fleetlens/contracts';
import { CustomChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  MarkAreaComponent,
  MarkLineComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../kernel/useEChart';
import { clockOf } from './format';
import { ACTIVITY_LEGEND } from './legend';

use([
  LineChart,
  ScatterChart,
  CustomChart,
  GridComponent,
  TooltipComponent,
  MarkLineComponent,
  MarkAreaComponent,
  ToolboxComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

const ACTIVITY_COLOURS = Object.fromEntries(ACTIVITY_LEGEND.map((a) => [a.activity, a.colour])) as Record<
  TachographActivity,
  string
>;

export type TachographChartProps = {
  /** The window's answer: its speed, activity and events. */
  day: TachographDay;
  /** The customer's limits and the day's marks (the whole day's answer). */
  limits: NonNullable<TachographDay['limits']>;
  marks: NonNullable<TachographDay['marks']>;
  /** A range dragged over the chart (epoch ms). */
  onRange: (start: number, end: number) => void;
  /** The time under the cursor, or null when it leaves the chart. */
  onCursor: (time: number | null) => void;
  /** A harsh event's pin clicked. */
  onEvent: (id: string) => void;
};

type RenderApi = {
  value: (i: number) => number;
  coord: (v: [number, number]) => number[];
  size: (v: [number, number]) => number[];
};

export default function TachographChart({
  day,
  limits,
  marks,
  onRange,
  onCursor,
  onEvent,
}: TachographChartProps) {
  const { t } = useTranslation(['tachograph', 'events']);
  const short = day.window.to - day.window.from <= 12 * 60_000;
  const option = useMemo<EChartsCoreOption>(() => {
    const { from, to } = day.window;
    const label = (value: number) => clockOf(value, day.timesetting).slice(0, short ? 8 : 5);
    const xAxis = (gridIndex: number) => ({
      type: 'time',
      gridIndex,
      min: from,
      max: to,
      axisLabel: { show: gridIndex === 1, formatter: label, hideOverlap: true },
      axisPointer: {
        label: { formatter: ({ value }: { value: number }) => clockOf(value, day.timesetting) },
      },
    });
    const speed = day.speed.t.map((offset, i) => [from + offset, day.speed.v[i]]);
    const runs = day.activity.filter((run) => run.activity !== 'noData');
    const shaded = [
      ...marks.over_speed.map((m) => [
        { xAxis: m.from, itemStyle: { color: 'rgba(255, 77, 79, 0.18)' }, name: t('marks.overSpeedArea') },
        { xAxis: Math.max(m.to, m.from + 1000) },
      ]),
      ...marks.continuous_driving.map((m) => [
        { xAxis: m.from, itemStyle: { color: 'rgba(250, 140, 22, 0.15)' }, name: t('marks.continuousArea') },
        { xAxis: m.to },
      ]),
    ];
    return {
      animation: false,
      grid: [
        { left: 48, right: 24, top: 36, height: 200 },
        { left: 48, right: 24, top: 252, height: 28 },
      ],
      axisPointer: { link: [{ xAxisIndex: 'all' }], snap: false },
      tooltip: { trigger: 'axis', axisPointer: { type: 'line' } },
      toolbox: {
        right: 16,
        top: 0,
        feature: {
          dataZoom: {
            xAxisIndex: [0, 1],
            yAxisIndex: false,
            title: { zoom: t('zoom'), back: t('zoomBack') },
          },
        },
      },
      xAxis: [xAxis(0), xAxis(1)],
      yAxis: [
        { type: 'value', gridIndex: 0, name: 'km/h', min: 0 },
        { type: 'category', gridIndex: 1, data: [''], axisTick: { show: false }, axisLine: { show: false } },
      ],
      series: [
        {
          id: 'speed',
          name: t('speed'),
          type: 'line',
          xAxisIndex: 0,
          yAxisIndex: 0,
          data: speed,
          showSymbol: short,
          symbolSize: 3,
          connectNulls: false,
          lineStyle: { width: 1 },
          color: '#1677ff',
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { color: '#ff4d4f', type: 'dashed' },
            label: { formatter: `${t('limit')} ${limits.speed_limit_kmh} km/h` },
            data: [{ yAxis: limits.speed_limit_kmh }],
          },
          markArea: { silent: true, data: shaded },
        },
        {
          id: 'events',
          name: t('events'),
          type: 'scatter',
          xAxisIndex: 0,
          yAxisIndex: 0,
          symbol: 'pin',
          symbolSize: 22,
          color: '#cf1322',
          cursor: 'pointer',
          tooltip: { trigger: 'item' },
          data: day.events.map((e) => ({
            value: [e.time, e.speed],
            id: e.id,
            name: `${t(`events:types.${e.type}`, { defaultValue: e.type })} ${clockOf(e.time, day.timesetting)}`,
          })),
        },
        {
          id: 'activity',
          name: t('activity'),
          type: 'custom',
          xAxisIndex: 1,
          yAxisIndex: 1,
          tooltip: { show: false },
          encode: { x: [0, 1], y: 3 },
          data: runs.map((run) => [run.from, run.to, run.activity, 0]),
          renderItem: (_params: unknown, api: RenderApi) => {
            const start = api.coord([api.value(0), 0]);
            const end = api.coord([api.value(1), 0]);
            const height = (api.size([0, 1])[1] ?? 20) * 0.8;
            const activity = runs[(_params as { dataIndex: number }).dataIndex]?.activity ?? 'driving';
            return {
              type: 'rect',
              shape: {
                x: start[0],
                y: (start[1] ?? 0) - height / 2,
                width: Math.max(1, (end[0] ?? 0) - (start[0] ?? 0)),
                height,
              },
              style: { fill: ACTIVITY_COLOURS[activity] },
            };
          },
        },
      ],
    };
  }, [day, limits, marks, short, t]);
  const { element, chart } = useEChart(option);

  // Each new option clears the zoom tool's state: the cursor is taken again after every drawing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: option re-arms the drag-to-zoom cursor.
  useEffect(() => {
    const made = chart.current;
    if (!made) return;
    // Dragging selects a range at once, without first picking the toolbox's zoom tool.
    made.dispatchAction({ type: 'takeGlobalCursor', key: 'dataZoomSelect', dataZoomSelectActive: true });
    // Only a range the user dragged: a new option's own zoom state arrives as a datazoom event too.
    let dragged = false;
    const pressed = () => {
      dragged = true;
    };
    const zoomed = (event: unknown) => {
      if (!dragged) return;
      dragged = false;
      const range = (event as { batch?: { startValue?: number; endValue?: number }[] }).batch?.[0];
      if (range?.startValue !== undefined && range.endValue !== undefined)
        onRange(range.startValue, range.endValue);
    };
    const pointer = (event: unknown) =>
      onCursor((event as { axesInfo?: { value: number }[] }).axesInfo?.[0]?.value ?? null);
    const clicked = (event: { seriesId?: string | undefined; data?: unknown }) => {
      const id = (event.data as { id?: string } | null | undefined)?.id;
      if (event.seriesId === 'events' && id) onEvent(id);
    };
    // The benchmark (scripts/bench-tacho.ts) reads when a window was drawn.
    const drawn = () => {
      performance.mark('tachograph:drawn');
    };
    const left = () => onCursor(null);
    made.on('datazoom', zoomed);
    made.on('updateAxisPointer', pointer);
    made.on('click', clicked);
    made.on('finished', drawn);
    made.getZr().on('globalout', left);
    made.getZr().on('mousedown', pressed);
    return () => {
      made.getZr().off('mousedown', pressed);
      made.off('datazoom', zoomed);
      made.off('updateAxisPointer', pointer);
      made.off('click', clicked);
      made.off('finished', drawn);
      made.getZr().off('globalout', left);
    };
  }, [chart, onRange, onCursor, onEvent, option]);

  return (
    <div
      ref={element}
      role="img"
      aria-label={t('chartLabel', { name: day.subject.name })}
      data-testid="tachograph-chart"
      data-view-from={day.window.from}
      data-view-to={day.window.to}
      data-resolution={day.resolution}
      style={{ height: 300, width: '100%' }}
    />
  );
}
