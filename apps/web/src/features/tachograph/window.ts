// The chart's window within a day: one of the four views, placed so it stays inside the day.
import { TACHOGRAPH_VIEW_MS, TACHOGRAPH_VIEWS, type TachographView } from '@fleetlens/contracts';

export type Window = { view: TachographView; from: number; to: number };

/** The view `view` centred on `centre` (to the second), moved back inside [dayFrom, dayFrom + 24 h) if it would leave it. */
export function windowAt(view: TachographView, centre: number, dayFrom: number): Window {
  const length = TACHOGRAPH_VIEW_MS[view];
  const latest = dayFrom + TACHOGRAPH_VIEW_MS['24h'] - length;
  // On a whole second, so the window reads as clock times and its address stays short.
  const from = Math.round(Math.min(latest, Math.max(dayFrom, centre - length / 2)) / 1000) * 1000;
  return { view, from, to: from + length };
}

/** The shortest view that holds a dragged range, centred on it (the 24-hour view for anything longer than 8 hours). */
export function windowOfRange(start: number, end: number, dayFrom: number): Window {
  const length = Math.abs(end - start);
  const fits = [...TACHOGRAPH_VIEWS].reverse().find((view) => TACHOGRAPH_VIEW_MS[view] >= length) ?? '24h';
  return windowAt(fits, (start + end) / 2, dayFrom);
}
