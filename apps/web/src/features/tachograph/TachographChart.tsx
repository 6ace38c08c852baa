// The tachograph chart, drawn with ECharts on one canvas in two grids over one time axis: speed
// (a line that breaks at every gap, the speed limit, the marks as shaded spans, harsh events as
// pins that open their event and its video) above the activity band (driving, idle, stopped;
// no data left blank). The axis pointers are linked, so one cursor time runs across both, and
// the page shows it. Dragging over the chart selects a range to zoom into (the page fetches that
// window at its resolution). Loaded lazily, with the ECharts parts it needs.
import type { TachographActivity, TachographDay } from '@fleetlens/contracts';
import { CustomChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useState } from 'react';
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

  // The range being dragged, in pixels of the chart (drawn over it while the button is down).
  const [dragging, setDragging] = useState<{ from: number; to: number } | null>(null);
  useEffect(() => {
    const made = chart.current;
    if (!made) return;
    const zr = made.getZr();
    const inPlot = (x: number, y: number) =>
      made.containPixel({ gridIndex: 0 }, [x, y]) || made.containPixel({ gridIndex: 1 }, [x, y]);
    const timeAt = (x: number) => Number(made.convertFromPixel({ xAxisIndex: 0 }, x));
    let start: number | null = null;
    const pressed = (e: { offsetX: number; offsetY: number }) => {
      if (!inPlot(e.offsetX, e.offsetY)) return;
      start = e.offsetX;
      setDragging({ from: start, to: start });
    };
    const moved = (e: { offsetX: number }) => {
      if (start !== null) setDragging({ from: start, to: e.offsetX });
    };
    const released = (e: { offsetX: number }) => {
      if (start === null) return;
      const from = start;
      start = null;
      setDragging(null);
      // A click (a pin, the cursor) is no range.
      if (Math.abs(e.offsetX - from) >= 4)
        onRange(timeAt(Math.min(from, e.offsetX)), timeAt(Math.max(from, e.offsetX)));
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
    const onCanvas = { mousedown: pressed, mousemove: moved, mouseup: released, globalout: left };
    const onChart = { updateAxisPointer: pointer, click: clicked, finished: drawn };
    for (const [name, handler] of Object.entries(onCanvas)) zr.on(name, handler as never);
    for (const [name, handler] of Object.entries(onChart)) made.on(name, handler as never);
    return () => {
      for (const [name, handler] of Object.entries(onCanvas)) zr.off(name, handler as never);
      for (const [name, handler] of Object.entries(onChart)) made.off(name, handler as never);
    };
  }, [chart, onRange, onCursor, onEvent]);

  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={element}
        role="img"
        aria-label={t('chartLabel', { name: day.subject.name })}
        data-testid="tachograph-chart"
        data-view-from={day.window.from}
        data-view-to={day.window.to}
        data-resolution={day.resolution}
        style={{ height: 300, width: '100%', cursor: 'crosshair' }}
      />
      {dragging && (
        <div
          aria-hidden
          style={{
            position: 'absolute',
            top: 36,
            height: 244,
            left: Math.min(dragging.from, dragging.to),
            width: Math.abs(dragging.to - dragging.from),
            background: 'rgba(22, 119, 255, 0.15)',
            pointerEvents: 'none',
          }}
        />
      )}
    </div>
  );
}
