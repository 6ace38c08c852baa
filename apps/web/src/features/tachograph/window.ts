// The chart's window within a day: one of the four views, placed so it stays inside the day.
import {
  TACHOGRAPH_VIEW_MS,
  TACHOGRAPH_VIEWS,
  type TachographDay,
  type TachographView,
} from '@fleetlens/contracts';

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

/**
 * The part of a day's answer that lies in [from, to), at the day's resolution: what the page
 * draws at once when a zoom opens, before the window's own answer (finer columns or every
 * sample) comes. The day's columns hold each column's lowest and highest speed, so no peak is
 * lost; a gap stays a gap.
 */
export function sliceDay(whole: TachographDay, from: number, to: number): TachographDay {
  const t: number[] = [];
  const v: (number | null)[] = [];
  whole.speed.t.forEach((offset, i) => {
    const at = whole.window.from + offset;
    if (at < from || at >= to) return;
    t.push(at - from);
    v.push(whole.speed.v[i] ?? null);
  });
  return {
    ...whole,
    window: { from, to },
    speed: { t, v },
    activity: whole.activity
      .filter((run) => run.to > from && run.from < to)
      .map((run) => ({ ...run, from: Math.max(run.from, from), to: Math.min(run.to, to) })),
    events: whole.events.filter((e) => e.time >= from && e.time < to),
  };
}
