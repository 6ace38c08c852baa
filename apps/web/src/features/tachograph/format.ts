// How the tachograph's figures and times read: durations as H:MM, times of the day in the time
// setting (the server's day boundaries are the time setting's, so the labels never shift).
/** Seconds as H:MM (hours may pass 24 only for a history's sums). */
export function hoursMinutes(seconds: number): string {
  const m = Math.round(seconds / 60);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** An instant as HH:mm:ss in the time setting. */
export const clockOf = (ms: number, timesetting: number) =>
  new Date(ms + timesetting * 60_000).toISOString().slice(11, 19);

/** The local date (YYYY-MM-DD) of an instant in the time setting. */
export const dateOf = (ms: number, timesetting: number) =>
  new Date(ms + timesetting * 60_000).toISOString().slice(0, 10);

/** The caller's offset from UTC in minutes, the API's `timesetting`. */
export const browserTimesetting = (): number => -new Date().getTimezoneOffset();
