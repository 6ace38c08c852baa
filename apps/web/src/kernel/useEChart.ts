// An ECharts chart on an element of a screen: made once when the element mounts, resized with
// it, given each new option in place of the last, and disposed with the element. Imported only by
// the lazily loaded chart files (drive summary, event, dashboard), so ECharts stays out of the
// first page; each of them registers the ECharts parts it draws with (`use`).
import { type ECharts, type EChartsCoreOption, init } from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';

export type EChartRefs = {
  /** Give it to the element the chart draws on. */
  element: RefObject<HTMLDivElement | null>;
  /** The chart, for changes smaller than a new option (a moving line); null until mounted. */
  chart: RefObject<ECharts | null>;
};

export function useEChart(option: EChartsCoreOption): EChartRefs {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
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
  return { element, chart };
}
