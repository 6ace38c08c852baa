// How the console shows a time and a measure, everywhere: a server time (UTC) in the browser's
// zone as the spec's YYYY-MM-DD HH:mm:ss, "—" for a figure a device has not reported, and a
// number with one decimal at most and its unit.
import { serverTimeToLocal } from '@fleetlens/contracts';

export const NOT_REPORTED = '—';

export const localTime = (value: string | null | undefined, none = ''): string =>
  value ? serverTimeToLocal(value) : none;

/** A time a device reports, or "—" while it has not. */
export const reportedTime = (value: string | null | undefined): string => localTime(value, NOT_REPORTED);

/** A number with at most one decimal and its unit, or nothing. */
export const withUnit = (value: number | null | undefined, unit: string): string =>
  value === null || value === undefined ? '' : `${Number(value.toFixed(1)).toLocaleString()} ${unit}`;
