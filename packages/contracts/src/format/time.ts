// Time formatting of spec §9. The server speaks UTC ('YYYY-MM-DD HH:mm:ss'); the console shows the
// browser's time zone. Time-ago counts minutes under an hour, hours under a day, then days.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { SERVER_TIME_FORMAT } from '../shell/constants.ts';

dayjs.extend(utc);

export type TimeAgoUnit = 'minute' | 'hour' | 'day';

/**
 * How long ago, in whole units (never negative); the web translates unit and count. A number is a
 * Unix time in seconds, as the server's timestamps and the original time-ago filter use; a Date or
 * a date string is taken as is. `now` is a Date or milliseconds (Date.now()).
 */
export function timeAgo(
  then: Date | number | string,
  now: Date | number = Date.now(),
): { value: number; unit: TimeAgoUnit } {
  const thenMs = typeof then === 'number' ? then * 1000 : new Date(then).getTime();
  const elapsed = (new Date(now).getTime() - thenMs) / 1000;
  // An unreadable date counts as just now rather than 'NaN days'.
  const seconds = Number.isFinite(elapsed) ? Math.max(0, elapsed) : 0;
  if (seconds < 3600) return { value: Math.floor(seconds / 60), unit: 'minute' };
  if (seconds < 86_400) return { value: Math.floor(seconds / 3600), unit: 'hour' };
  return { value: Math.floor(seconds / 86_400), unit: 'day' };
}

/** English text of timeAgo: '1 minute', '5 hours', '2 days' (plural s). */
export function timeAgoText(then: Date | number | string, now?: Date | number): string {
  const { value, unit } = timeAgo(then, now);
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** A server time (UTC) in the browser's zone, as 'YYYY-MM-DD HH:mm:ss' (or `format`). */
export function serverTimeToLocal(value: string | null | undefined, format = SERVER_TIME_FORMAT): string {
  if (!value) return '';
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.local().format(format) : '';
}

/** A local 'YYYY-MM-DD HH:mm' (or a Date) as the server's UTC 'YYYY-MM-DD HH:mm:ss'. */
export function localToServerTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.utc().format(SERVER_TIME_FORMAT) : '';
}

/**
 * Durations of 720 h (a 30-day month) and 8760 h (a year) get 24 h added before conversion, so a
 * "month" or "year" period ends at the end of its last day rather than one day short (spec §9).
 */
export function durationHoursForConversion(hours: number): number {
  return hours === 720 || hours === 8760 ? hours + 24 : hours;
}

/** The wall clock of the instant `at` in `zone` (an IANA name): its day and time of day, as numbers. */
export function wallClockIn(at: Date, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  const { year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, hour, minute, second };
}
