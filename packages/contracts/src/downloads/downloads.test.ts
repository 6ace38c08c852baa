// The period limits of the download types, at the months' ends and across years.
import { describe, expect, it } from 'vitest';
import { downloadRequestCreateSchema, longestPeriodStart, periodEndLimit } from './downloads.ts';

describe('download periods', () => {
  it('adds months keeping the day, or the month end when the day is past it', () => {
    expect(periodEndLimit('2025-01-15', 13)).toBe('2026-02-15');
    expect(periodEndLimit('2025-12-31', 2)).toBe('2026-02-28');
    expect(periodEndLimit('2023-12-31', 2)).toBe('2024-02-29');
    expect(periodEndLimit('2025-01-31', 13)).toBe('2026-02-28');
  });

  it('takes a period up to the day before the limit and refuses the limit itself', () => {
    const check = (download_type: string, from: string, to: string) =>
      downloadRequestCreateSchema.safeParse({ download_type, from, to }).error?.issues[0]?.message;
    expect(check('vehicle-daily-duration', '2025-01-15', '2026-02-14')).toBeUndefined();
    expect(check('vehicle-daily-duration', '2025-01-15', '2026-02-15')).toBe('validation.downloadPeriod13');
    expect(check('event-list', '2025-12-31', '2026-02-27')).toBeUndefined();
    expect(check('event-list', '2025-12-31', '2026-02-28')).toBe('validation.downloadPeriod2');
    expect(check('event-list', '2025-02-01', '2025-01-31')).toBe('validation.downloadPeriodOrder');
  });

  it('starts the longest period ending on a day at the earliest day the limit lets through', () => {
    expect(longestPeriodStart('2026-02-14', 13)).toBe('2025-01-15');
    expect(longestPeriodStart('2027-02-28', 13)).toBe('2026-02-01');
    expect(longestPeriodStart('2027-03-30', 1)).toBe('2027-03-01');
    expect(longestPeriodStart('2026-02-27', 2)).toBe('2025-12-28');
    for (const to of ['2026-01-31', '2026-03-01', '2028-02-29', '2026-12-07'])
      for (const months of [2, 13]) {
        const from = longestPeriodStart(to, months);
        expect(to < periodEndLimit(from, months)).toBe(true);
        const dayBefore = new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10);
        expect(to < periodEndLimit(dayBefore, months)).toBe(false);
      }
  });
});
