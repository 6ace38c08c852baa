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
  const latest = useRef(option);
  latest.current = option;
  useEffect(() => {
    chart.current?.setOption(withFont(option), true);
  }, [option]);
  // A canvas keeps the letters it drew: when a web font arrives (a Japanese slice, the Burmese
  // face), the chart draws its text again with it instead of keeping the fallback's boxes.
  useEffect(() => {
    const redraw = () => chart.current?.setOption(withFont(latest.current), true);
    document.fonts?.addEventListener('loadingdone', redraw);
    return () => document.fonts?.removeEventListener('loadingdone', redraw);
  }, []);
  return { element, chart };
}

// zrender measures text once per font string and keeps the widths (zrender/lib/contain/text.js,
// with no way to clear them): measured before a web font arrived, they are the fallback's, and
// legends overlap. Each arrival gives the font string a new last family, unknown and so ignored by
// the browser, so that the widths are measured again. Counted before any chart redraws (first
// listener).
let fontsArrived = 0;
if (typeof document !== 'undefined')
  document.fonts?.addEventListener('loadingdone', () => {
    fontsArrived += 1;
  });

/** The console's font stack for the language shown (app/fonts.ts, on the page as --fl-font). */
function withFont(option: EChartsCoreOption): EChartsCoreOption {
  const stack = getComputedStyle(document.documentElement).getPropertyValue('--fl-font').trim();
  if (!stack) return option;
  const fontFamily = `${stack}, fl-fonts-${fontsArrived}`;
  const textStyle = (option.textStyle ?? {}) as Record<string, unknown>;
  return { ...option, textStyle: { fontFamily, ...textStyle } };
}
