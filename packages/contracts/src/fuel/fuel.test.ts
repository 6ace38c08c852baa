// The fuel refusals the screens and the server tests do not reach one by one: the rules' meter that
// gains more than 24 h a day and a tank left fuller than it holds, the entry's missing vehicle,
// day, remaining amount and empty save, and a report period over the longest; and every fuel
// message in the four languages, each with the same placeholders as the English one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FUEL_PERIOD_MAX_DAYS,
  fuelReadingIssues,
  fuelReportQuerySchema,
  fuelSaveBodySchema,
} from './fuel.ts';

const LANGUAGES = ['en', 'ja', 'zh', 'my'] as const;
const catalogue = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/validation.json`, import.meta.url), 'utf8'));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const keysOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.message);

describe('the fuel refusals', () => {
  it('refuse a meter gaining more than 24 h a day and a tank left fuller than it holds', () => {
    const issues = fuelReadingIssues(
      [
        { day: '2026-03-02', received_l: 0, hour_meter: 100, remaining_l: 50 },
        { day: '2026-03-04', received_l: 90, hour_meter: 149, remaining_l: 130 },
      ],
      120,
      (day) => day === '2026-03-04',
    );
    expect(issues).toEqual([
      {
        day: '2026-03-04',
        field: 'remaining_l',
        key: 'fuelRemainingOverCapacity',
        params: { capacity: 120 },
      },
      {
        day: '2026-03-04',
        field: 'hour_meter',
        key: 'fuelMeterTooFast',
        params: { hours: 49, days: 2, most: 48 },
      },
    ]);
  });

  it('name the missing vehicle, day and remaining amount, an empty save and a period over the longest', () => {
    expect(keysOf(fuelSaveBodySchema.safeParse({ entries: [] }))).toEqual(['validation.fuelEntriesRequired']);
    expect(keysOf(fuelSaveBodySchema.safeParse({ entries: [{ hour_meter: 1 }] })).sort()).toEqual(
      [
        'validation.fuelDateRequired',
        'validation.fuelRemainingRequired',
        'validation.fuelVehicleRequired',
      ].sort(),
    );
    const long = fuelReportQuerySchema.safeParse({ start: '2025-01-01', end: '2026-06-01' });
    expect(keysOf(long)).toEqual(['validation.fuelPeriodTooLong']);
    const longest = fuelReportQuerySchema.safeParse({
      start: '2025-01-01',
      end: new Date(Date.UTC(2025, 0, FUEL_PERIOD_MAX_DAYS)).toISOString().slice(0, 10),
    });
    expect(longest.success).toBe(true);
  });

  it('are said in all four languages with the same placeholders', () => {
    const en = catalogue('en');
    const fuelKeys = Object.keys(en).filter((k) => k.startsWith('fuel'));
    expect(fuelKeys.length).toBeGreaterThan(15);
    for (const lang of LANGUAGES) {
      const texts = catalogue(lang);
      for (const key of fuelKeys) {
        expect(texts[key]?.trim(), `${lang} ${key}`).toBeTruthy();
        expect(placeholders(texts[key] ?? ''), `${lang} ${key}`).toEqual(placeholders(en[key] ?? ''));
      }
    }
  });
});
