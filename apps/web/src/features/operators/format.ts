// How operator figures show: durations the devices report (seconds) as hours and minutes; times
// (reportedTime) and "—" come from the shared kernel (kernel/format.ts).
import { NOT_REPORTED } from '../../kernel/format';

export { NOT_REPORTED };

export function duration(seconds: number | null, units: { h: string; m: string }): string {
  if (seconds === null) return NOT_REPORTED;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}${units.h} ${minutes}${units.m}`;
}
