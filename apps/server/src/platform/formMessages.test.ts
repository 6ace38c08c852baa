// Every message the maintenance, fuel and safety zone forms can show reads as a sentence of each language:
// those of the contracts' schemas and rules (the forms check them as the user types, the server
// answers with them), and those the areas' server code raises (found in its source, so a key added
// there without its four translations fails here). A message is a key of the validation or errors
// catalogue; the server and the browser translate it from the same files. In each language it must
// exist (the server falls back to English), be filled in (no {{param}} left), and be written in
// the language's own script, not English left untranslated.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  featureOf,
  fuelEntrySchema,
  fuelReadingIssues,
  fuelReportQuerySchema,
  fuelSaveBodySchema,
  issueKey,
  LANGUAGES,
  type Language,
  maintenanceBodySchema,
  maintenanceExecutionBodySchema,
  maintenanceItemBodySchema,
  maintenanceVehicleBodySchema,
  RESOURCES,
  type ResourceDescription,
  ZONE_MAX_POINTS,
  zoneBodySchema,
} from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translate } from './i18n.ts';

const ID = '00000000-0000-4000-8000-000000000001';

/** The message keys of a body's refusal, read as the server and the forms read them. */
const keysOf = (schema: z.ZodType, body: unknown) =>
  (schema.safeParse(body).error?.issues ?? []).map(
    (issue) => issueKey(issue as Parameters<typeof issueKey>[0]).key,
  );

/**
 * The keys a module's server code names: field keys, ApiError keys and a delete's refusal; and
 * the unique constraints' messages of the resources it serves (their descriptions hold them).
 */
function sourceKeys(module: string): string[] {
  const dir = join(import.meta.dirname, '..', 'modules', module);
  const keys = new Set<string>();
  for (const description of RESOURCES.filter((d) => featureOf(d) === module) as ResourceDescription[])
    for (const { key } of Object.values(description.unique ?? {})) keys.add(key);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const pattern of [/\bkey: '(\w+)'/g, /Error\('(\w+)'/g, /\.remove\([^;]*?'(\w+)'\)/gs])
      for (const [, key] of text.matchAll(pattern)) if (key) keys.add(key);
  }
  for (const plain of ['validation', 'notFound']) keys.delete(plain);
  return [...keys];
}

const maintenanceKeys = [
  ...keysOf(maintenanceItemBodySchema, { customer_id: '', name: ' ' }),
  ...keysOf(maintenanceBodySchema, {}),
  ...keysOf(maintenanceBodySchema, {
    customer_id: ID,
    item_id: ID,
    cycle_unit: 'months',
    cycle_value: 0,
    warning_time: 'x',
    warning_type: 'days',
    calendar_unit: 'weeks',
    calendar_value: 2_000_000,
    description: 'x'.repeat(1001),
  }),
  ...keysOf(maintenanceBodySchema, {
    customer_id: ID,
    item_id: ID,
    cycle_unit: 'days',
    cycle_value: 30,
    warning_time: 30,
    warning_type: 'days',
    calendar_unit: 'days',
    calendar_value: 10,
  }),
  ...keysOf(maintenanceVehicleBodySchema, { last_maintenance_at: '2026-02-30 10:00', last_hour_meter: -1 }),
  ...keysOf(maintenanceExecutionBodySchema, {}),
  ...sourceKeys('maintenances'),
];

const stored = { day: '2026-03-02', received_l: 0, hour_meter: 100, remaining_l: 50 };
const fuelKeys = [
  ...keysOf(fuelSaveBodySchema, { entries: [] }),
  ...keysOf(fuelEntrySchema, {}),
  ...keysOf(fuelEntrySchema, {
    vehicle_id: ID,
    day: '2026-02-30',
    received_l: -1,
    hour_meter: 'x',
    remaining_l: 1,
  }),
  ...keysOf(fuelReportQuerySchema, {}),
  ...keysOf(fuelReportQuerySchema, { start: '2026-03-02', end: '2026-03-01' }),
  ...keysOf(fuelReportQuerySchema, { start: '2025-01-01', end: '2026-03-01' }),
  // Each rule between readings: a new day after a stored one, and a new day before it.
  ...fuelReadingIssues(
    [stored, { day: '2026-03-03', received_l: 500, hour_meter: 90, remaining_l: 600 }],
    160,
    (day) => day !== stored.day,
  ).map((issue) => issue.key),
  ...fuelReadingIssues(
    [stored, { day: '2026-03-04', received_l: 0, hour_meter: 200, remaining_l: 10 }],
    null,
    (day) => day !== stored.day,
  ).map((issue) => issue.key),
  ...fuelReadingIssues(
    [stored, { day: '2026-03-01', received_l: 0, hour_meter: 120, remaining_l: 10 }],
    null,
    (day) => day !== stored.day,
  ).map((issue) => issue.key),
  ...sourceKeys('fuel'),
];

// A zone's outline and rules: each refusal the form (and the API) can give, one body at a time.
const square: [number, number][] = [
  [139.7, 35.6],
  [139.71, 35.6],
  [139.71, 35.61],
  [139.7, 35.61],
];
const zoneWith = (more: Record<string, unknown>) => ({
  customer_id: ID,
  name: 'Walkway',
  kind: 'pedestrian',
  polygon: { type: 'Polygon', coordinates: [square] },
  ...more,
});
const outline = (ring: unknown[], more: Record<string, unknown> = {}) =>
  zoneWith({ polygon: { type: 'Polygon', coordinates: [ring] }, ...more });
const ruled = (...rules: unknown[]) => zoneWith({ rules });
const zoneKeys = [
  ...keysOf(zoneBodySchema, {}),
  ...keysOf(zoneBodySchema, zoneWith({ kind: 'garden', name: ' ', polygon: { type: 'Circle' } })),
  // Fewer than 3 different points; a bow tie that crosses itself; a point off the globe.
  ...keysOf(zoneBodySchema, outline(square.slice(0, 2))),
  ...keysOf(zoneBodySchema, outline([square[0], square[2], square[1], square[3]])),
  ...keysOf(zoneBodySchema, outline([[200, 35.6], ...square.slice(1)])),
  ...keysOf(zoneBodySchema, outline(Array.from({ length: ZONE_MAX_POINTS + 2 }, (_, i) => [i, 0]))),
  ...keysOf(zoneBodySchema, zoneWith({ polygon: { type: 'Polygon', coordinates: [square, square] } })),
  ...keysOf(zoneBodySchema, zoneWith({ time_zone: 'Mars/Olympus_Mons' })),
  // The speed limit's range, the dwell's, the hours' form, each rule without its value, twice.
  ...keysOf(zoneBodySchema, ruled({ type: 'speed-limit', speed_kmh: 0 }, { type: 'dwell', minutes: 1.5 })),
  ...keysOf(zoneBodySchema, ruled({ type: 'speed-limit', speed_kmh: 401 }, { type: 'dwell', minutes: 2000 })),
  ...keysOf(zoneBodySchema, ruled({ type: 'hours', from: '25:00', to: '7:00' })),
  ...keysOf(zoneBodySchema, ruled({ type: 'hours', from: '08:00', to: '08:00' })),
  ...keysOf(zoneBodySchema, ruled({ type: 'speed-limit' }, { type: 'dwell' }, { type: 'hours' })),
  ...keysOf(zoneBodySchema, ruled({ type: 'no-entry' }, { type: 'no-entry' })),
  ...keysOf(zoneBodySchema, ruled({ type: 'slow-down' })),
  ...sourceKeys('zones'),
];

/** Each language's own script: a text without it is English (or nothing) left in its place. */
const SCRIPT: Record<Language, RegExp> = {
  en: /[A-Za-z]/,
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  zh: /[\u4e00-\u9fff]/,
  my: /[\u1000-\u109f]/,
};
/** Every parameter the messages take, so that none is left as {{name}}. */
const PARAMS = { capacity: 160, available: 50, previous: 100, day: '2026-03-02', hours: 30, days: 1 };
const PARAMS_MORE = { most: 24, next: 90, least: 40, max: 10, min: 1, line: 2, count: 2 };

/** A key's text in `lang`: a validation rule, else an error of the catalogue (as the server does). */
function textOf(lang: Language, key: string): string | undefined {
  for (const ns of ['validation', 'errors'] as const) {
    const text = translate(lang, ns, key, { ...PARAMS, ...PARAMS_MORE });
    if (text !== key) return text;
  }
  return undefined;
}

describe.each([
  ['maintenance', maintenanceKeys],
  ['fuel', fuelKeys],
  ['safety zone', zoneKeys],
])('the %s forms’ messages', (_, keys) => {
  it('are many, and include each area’s own refusals', () => {
    expect(keys.length).toBeGreaterThan(10);
  });

  it.each([...new Set(keys)].sort())('%s reads in every language', (key) => {
    const english = textOf('en', key);
    expect(english, `en:${key} is missing`).toBeTruthy();
    for (const lang of LANGUAGES) {
      const text = textOf(lang, key) ?? '';
      expect(text, `${lang}:${key} leaves a parameter`).not.toMatch(/\{\{/);
      expect(text, `${lang}:${key} is not in its script`).toMatch(SCRIPT[lang]);
      if (lang !== 'en') expect(text, `${lang}:${key} is English`).not.toBe(english);
    }
  });
});

it('finds the refusals the areas’ rules and server code raise', () => {
  expect(maintenanceKeys).toEqual(
    expect.arrayContaining([
      'maintenanceTypeLocked',
      'maintenanceTypeUndeletable',
      'maintenanceHasVehicles',
      'maintenanceVehicleAdded',
      'warningTimeTooLong',
      'calendarCycleInvalid',
    ]),
  );
  expect(fuelKeys).toEqual(
    expect.arrayContaining([
      'fuelFillOverCapacity',
      'fuelRemainingOverCapacity',
      'fuelMeterBackwards',
      'fuelMeterTooFast',
      'fuelRemainingImpossible',
      'fuelMeterAboveNext',
      'fuelRemainingBelowNext',
      'fuelCsvHeader',
      'fuelReasonRequired',
      'fileTooLarge',
    ]),
  );
  expect(zoneKeys).toEqual(
    expect.arrayContaining([
      'zonePolygonCrosses',
      'zonePolygonPoints',
      'zonePolygonTooMany',
      'zonePolygonOneRing',
      'zoneCoordinates',
      'zoneSpeed',
      'zoneDwell',
      'zoneHour',
      'zoneSpeedRequired',
      'zoneDwellRequired',
      'zoneHoursRequired',
      'zoneHoursEmpty',
      'zoneRuleTwice',
      'zoneRuleType',
      'zoneKind',
      'zoneTimeZone',
      'zoneNameInUse',
    ]),
  );
});
