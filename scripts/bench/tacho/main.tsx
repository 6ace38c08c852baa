// The tachograph bench's page (scripts/bench-tacho.ts): the details page's chart as the product
// builds it (TachographChart, its ECharts option and drawing), without the page's chrome and
// without a server: the bench hands it the API's answers. `window.bench.show(day, whole)` draws
// a window's answer (`slice`: the page's first drawing of a zoom, cut from the day's answer) and resolves with the milliseconds from handing it over to ECharts' `finished` (the
// chart's performance mark 'tachograph:drawn').
import type { TachographDay } from '@fleetlens/contracts';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import TachographChart from '../../../apps/web/src/features/tachograph/TachographChart';
import { sliceDay } from '../../../apps/web/src/features/tachograph/window';

type Shown = { day: TachographDay; whole: TachographDay };
/** Handlers that stay the same between drawings, as the details page's (its useCallback). */
const none = () => {};
let show: (next: Shown) => void = () => {};

function Bench() {
  const [shown, setShown] = useState<Shown | null>(null);
  show = (next) => flushSync(() => setShown(next));
  const { limits, marks } = shown?.whole ?? {};
  return shown && limits && marks ? (
    <TachographChart
      day={shown.day}
      limits={limits}
      marks={marks}
      onRange={none}
      onCursor={none}
      onEvent={none}
    />
  ) : null;
}

function drawn(since: number): Promise<number> {
  return new Promise((done, failed) => {
    setTimeout(() => failed(new Error('the chart did not finish drawing within 30 s')), 30_000);
    const observer = new PerformanceObserver((list) => {
      const mark = list.getEntries().find((e) => e.name === 'tachograph:drawn' && e.startTime >= since);
      if (!mark) return;
      observer.disconnect();
      done(mark.startTime - since);
    });
    observer.observe({ type: 'mark' });
  });
}

(window as unknown as { bench: unknown }).bench = {
  /** Draws a window's answer with the whole day's limits and marks. */
  async show(day: TachographDay, whole: TachographDay): Promise<number> {
    const since = performance.now();
    const done = drawn(since);
    show({ day, whole });
    return done;
  },
  /** Draws the window [from, to) from the whole day's answer, as the page does until the window's own answer comes. */
  async slice(from: number, to: number, whole: TachographDay): Promise<number> {
    const since = performance.now();
    const done = drawn(since);
    show({ day: sliceDay(whole, from, to), whole });
    return done;
  },
};
createRoot(document.getElementById('root') as HTMLElement).render(<Bench />);
