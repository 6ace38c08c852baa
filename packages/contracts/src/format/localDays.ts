// A user's calendar days as text (YYYY-MM-DD) in their time setting (minutes east of UTC): the
// arithmetic the chart periods and the driving-score periods share. Weeks begin on Monday, as the
// drive summary's do.
const DAY_MS = 86_400_000;

/** The local date of an instant in the time setting. */
export const localDateOf = (ms: number, timesetting: number) =>
  new Date(ms + timesetting * 60_000).toISOString().slice(0, 10);

/** The local date and minute of an instant in the time setting ('YYYY-MM-DD HH:mm'). */
export const localMinuteOf = (ms: number, timesetting: number) =>
  new Date(ms + timesetting * 60_000).toISOString().slice(0, 16).replace('T', ' ');

/** The date `days` later (earlier when negative). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day of the month `months` after the month of `date`. */
export const addMonths = (date: string, months: number) => {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/** The Monday of the week holding `date`. */
export const mondayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return addDays(date, -((d.getUTCDay() + 6) % 7));
};

/** The instant a local day begins in the time setting. */
export const dayStartMs = (date: string, timesetting: number) =>
  Date.parse(`${date}T00:00:00Z`) - timesetting * 60_000;
