// Server times are UTC, shown in the browser's time zone as YYYY-MM-DD HH:mm:ss (spec §9).
import dayjs from 'dayjs';

export const localTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '';

/** A number with at most one decimal and its unit, or nothing. */
export const withUnit = (value: number | null | undefined, unit: string): string =>
  value === null || value === undefined ? '' : `${Number(value.toFixed(1)).toLocaleString()} ${unit}`;
