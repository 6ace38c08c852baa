// The on-demand video window's checks before asking (the server checks them again, with the
// running time): the contracts' request schema (end after start, at most 5 minutes), the device's
// own limit (3 minutes with four cameras) and a window already over. And the running periods of a
// vehicle's day, read from its state history, to choose a window within.
import { fieldIssue, type StateHistory, videoLengthIssue, videoRequestSchema } from '@fleetlens/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The time as written where it is chosen: ISO 8601 with the browser's offset (the wall clock kept). */
export const wallClock = (time: Dayjs) => time.format('YYYY-MM-DDTHH:mm:ssZ');

/** The validation key (namespace validation) of a window the server would refuse, else null. */
export function videoWindowIssue(start: Dayjs, end: Dayjs, cameras: number, now = Date.now()): string | null {
  const schemaIssue = fieldIssue(videoRequestSchema, { start: wallClock(start), end: wallClock(end) });
  if (schemaIssue) return schemaIssue.key;
  const tooLong = videoLengthIssue(end.diff(start, 'second'), cameras);
  if (tooLong) return tooLong.replace(/^validation\./, '');
  // What has not happened yet is not running time.
  if (end.valueOf() > now) return 'videoOutsideRunningTime';
  return null;
}

export type RunningPeriod = { start: string; end: string };

/** The periods the vehicle ran in the history's span (an open one ends now, or at the span's end). */
export function runningPeriods(history: StateHistory, now = Date.now()): RunningPeriod[] {
  const end = Math.min(Date.parse(history.end), now);
  const periods: RunningPeriod[] = [];
  let from: string | null = history.at_start.motion === 'running' ? history.start : null;
  for (const change of history.changes) {
    if (change.kind !== 'motion') continue;
    if (change.state === 'running') from ??= change.time;
    else if (from !== null) {
      periods.push({ start: from, end: change.time });
      from = null;
    }
  }
  if (from !== null && Date.parse(from) < end)
    periods.push({ start: from, end: new Date(end).toISOString() });
  return periods;
}

/** A window of at most `maxSeconds` inside a running period: its last minutes (the freshest recording). */
export function windowIn(period: RunningPeriod, maxSeconds: number): [Dayjs, Dayjs] {
  const end = dayjs(period.end).startOf('second');
  const first = dayjs(period.start).startOf('second').add(1, 'second');
  const latest = end.subtract(maxSeconds, 'second');
  return [first.isAfter(latest) ? first : latest, end];
}

/** The window filmed, in the browser's zone: the day and both clocks, and its length. */
export function windowText(v: { window_from: string | null; window_to: string | null }): string {
  if (!v.window_from || !v.window_to) return '';
  const from = dayjs(v.window_from);
  const to = dayjs(v.window_to);
  return `${from.format('YYYY-MM-DD HH:mm:ss')} – ${to.format('HH:mm:ss')} (${to.diff(from, 'second')} s)`;
}
