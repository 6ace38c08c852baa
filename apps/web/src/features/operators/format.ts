// How operator figures show: durations the devices report (seconds) as hours and minutes, a
// server time in the browser's zone, and "—" while a figure has not been reported.
import { serverTimeToLocal } from '@fleetlens/contracts';

export const NOT_REPORTED = '—';

export function duration(seconds: number | null, units: { h: string; m: string }): string {
  if (seconds === null) return NOT_REPORTED;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}${units.h} ${minutes}${units.m}`;
}

export const localTime = (value: string | null) => (value ? serverTimeToLocal(value) : NOT_REPORTED);
