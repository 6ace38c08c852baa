// How the summary's figures and interval labels read. Labels come from the interval's local
// start as the server wrote it ("2026-11-02T09:00:00+09:00"), so they never shift with the
// browser's own time zone.
import type { DriveSummaryInterval } from '@fleetlens/contracts';

/** Seconds as H:MM:SS. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Metres as kilometres with two decimals. */
export const kilometres = (metres: number): string => (metres / 1000).toFixed(2);

/** The label of an interval: its hour, day, week's Monday or month. */
export function intervalLabel(start: string, interval: DriveSummaryInterval): string {
  if (interval === 'hour') return `${start.slice(5, 10)} ${start.slice(11, 16)}`;
  if (interval === 'month') return start.slice(0, 7);
  return start.slice(0, 10);
}

/** The caller's offset from UTC in minutes, the API's `timesetting`. */
export const browserTimesetting = (): number => -new Date().getTimezoneOffset();
