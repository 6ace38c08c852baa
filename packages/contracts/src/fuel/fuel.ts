// Fuel (domain spec "Fuel": date, received litres, working hours, consumption, remaining amount;
// report types listings, details, 3 months, summary; the period required). A clerk enters per
// vehicle and day the litres received, the hour meter and the litres left in the tank; working
// hours and consumption follow from the reading before (consumption = left before + received −
// left now), so a refuel can never make consumption negative: a reading that would is refused as
// a remaining amount that cannot be. Corrections are new versions with who and why. Entered at
// /fuel-management/results-entry, read at /fuel-management/report, called at /api/v1/fuel.
// Choices: docs/decisions/2026-12-07-fuel.md.
import { z } from 'zod';
import { refSchema } from '../api/records.ts';
import { timesettingSchema } from '../drive-summary/driveSummary.ts';
import { isRealDate } from '../validation/fields.ts';

/** Largest litres a cell takes (a tank truck's load), and the largest hour meter. */
export const FUEL_LITRES_MAX = 100_000;
export const FUEL_METER_MAX = 1_000_000;
/** A meter gains at most this many hours per day between two readings. */
export const FUEL_HOURS_PER_DAY = 24;
export const FUEL_REASON_MAX = 200;
/** Readings one save (a week's grid, a CSV file) may carry. */
export const FUEL_BATCH_MAX = 5_000;
/** Largest CSV file of results. */
export const FUEL_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** A report covers at most this many days. */
export const FUEL_PERIOD_MAX_DAYS = 400;
/** An unusual figure: its L/h this far (a share) from the vehicle's median of the days before. */
export const FUEL_ANOMALY_SHARE = 0.25;
/** The median is of the readings of this many days before, and needs this many of them. */
export const FUEL_MEDIAN_DAYS = 90;
export const FUEL_MEDIAN_MIN_READINGS = 5;
/** Readings of less work than this are not judged (a few minutes' litres say nothing). */
export const FUEL_ANOMALY_MIN_HOURS = 1;

export const FUEL_REPORT_KINDS = ['listings', 'details', 'threeMonths', 'summary'] as const;
export type FuelReportKind = (typeof FUEL_REPORT_KINDS)[number];

const fuelDay = z.string('validation.fuelDateRequired').refine(isRealDate, 'validation.invalidDate');
/** A number cell: its own message when missing, "Enter a number" when not one. */
const number = (required: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? required : 'validation.invalidNumber') });
const litres = (required: string) => number(required).min(0, 'validation.notNegative').max(FUEL_LITRES_MAX);

/** One reading as the grid and the CSV file send it. */
export const fuelEntryFields = {
  vehicle_id: z.uuid('validation.fuelVehicleRequired'),
  day: fuelDay,
  received_l: litres('validation.invalidNumber').default(0),
  hour_meter: number('validation.fuelMeterRequired').min(0, 'validation.notNegative').max(FUEL_METER_MAX),
  remaining_l: litres('validation.fuelRemainingRequired'),
};
export const fuelEntrySchema = z.object(fuelEntryFields);
export type FuelEntry = z.output<typeof fuelEntrySchema>;

export const fuelReasonSchema = z.string().trim().max(FUEL_REASON_MAX, 'validation.tooLong').default('');

/** A save of readings: all of them or none; a change of a stored reading needs a reason. */
export const fuelSaveBodySchema = z.object({
  entries: z.array(fuelEntrySchema).min(1, 'validation.fuelEntriesRequired').max(FUEL_BATCH_MAX),
  reason: fuelReasonSchema,
  /** Check only: answer what would be saved, save nothing. */
  dry_run: z.boolean().default(false),
});
export type FuelSaveBody = z.input<typeof fuelSaveBodySchema>;

/** A stored reading (its current version) with what follows from the reading before it. */
export const fuelResultSchema = z.object({
  vehicle_id: z.string(),
  day: z.string(),
  received_l: z.number(),
  hour_meter: z.number(),
  remaining_l: z.number(),
  /** Meter hours since the reading before; null for a vehicle's first reading. */
  working_hours: z.number().nullable(),
  /** Litres used since the reading before (never negative); null for the first. */
  consumption_l: z.number().nullable(),
  version: z.number().int(),
  author: refSchema.nullable(),
  reason: z.string(),
  entered_at: z.string(),
});
export type FuelResult = z.infer<typeof fuelResultSchema>;

export const fuelResultsQuerySchema = z.object({
  vehicle_id: z.uuid('validation.fuelVehicleRequired'),
  start: fuelDay,
  end: fuelDay,
});

/** A vehicle's readings over some days, the reading before them (to fill the meter in), its capacity. */
export const fuelResultsSchema = z.object({
  vehicle: z.object({ id: z.string(), name: z.string(), capacity_l: z.number().nullable() }),
  before: fuelResultSchema.nullable(),
  /** The first reading after the days shown: a change must stay below its meter. */
  after: fuelResultSchema.nullable(),
  results: z.array(fuelResultSchema),
});
export type FuelResults = z.infer<typeof fuelResultsSchema>;

/** A reading's versions, newest first. */
export const fuelVersionsSchema = z.array(fuelResultSchema);

export const fuelSavedSchema = z.object({
  /** Readings new or changed (a new version each). */
  saved: z.number().int(),
  /** Readings sent that equal what is stored (no version made). */
  unchanged: z.number().int(),
  dry_run: z.boolean(),
});
export type FuelSaved = z.infer<typeof fuelSavedSchema>;

// ---- The rules between readings: used by the grid as cells are typed, and by the server. ----

export type FuelReading = { day: string; received_l: number; hour_meter: number; remaining_l: number };
export type FuelRuleIssue = {
  day: string;
  field: 'received_l' | 'hour_meter' | 'remaining_l';
  key: string;
  params: Record<string, number | string>;
};

const DAY_MS = 86_400_000;
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What is wrong with a vehicle's readings, taken in day order (stored ones with the new ones in
 * their place). `isNew(day)` says which readings are being saved: an issue between two readings is
 * told on the new one (the later when both are), so a stored reading is never blamed.
 */
export function fuelReadingIssues(
  readings: readonly FuelReading[],
  capacity: number | null,
  isNew: (day: string) => boolean,
): FuelRuleIssue[] {
  const issues: FuelRuleIssue[] = [];
  const sorted = [...readings].sort((a, b) => a.day.localeCompare(b.day));
  for (const [i, cur] of sorted.entries()) {
    if (isNew(cur.day) && capacity !== null) {
      if (cur.received_l > capacity)
        issues.push({ day: cur.day, field: 'received_l', key: 'fuelFillOverCapacity', params: { capacity } });
      if (cur.remaining_l > capacity)
        issues.push({
          day: cur.day,
          field: 'remaining_l',
          key: 'fuelRemainingOverCapacity',
          params: { capacity },
        });
    }
    const prev = sorted[i - 1];
    if (!prev || !(isNew(cur.day) || isNew(prev.day))) continue;
    const days = Math.round((Date.parse(cur.day) - Date.parse(prev.day)) / DAY_MS);
    const gained = cur.hour_meter - prev.hour_meter;
    const available = round(prev.remaining_l + cur.received_l);
    if (isNew(cur.day)) {
      if (gained < 0)
        issues.push({
          day: cur.day,
          field: 'hour_meter',
          key: 'fuelMeterBackwards',
          params: { previous: prev.hour_meter, day: prev.day },
        });
      else if (gained > days * FUEL_HOURS_PER_DAY)
        issues.push({
          day: cur.day,
          field: 'hour_meter',
          key: 'fuelMeterTooFast',
          params: { hours: round(gained), days, most: days * FUEL_HOURS_PER_DAY },
        });
      if (cur.remaining_l > available + 1e-9)
        issues.push({
          day: cur.day,
          field: 'remaining_l',
          key: 'fuelRemainingImpossible',
          params: { available },
        });
    } else {
      if (gained < 0 || gained > days * FUEL_HOURS_PER_DAY)
        issues.push({
          day: prev.day,
          field: 'hour_meter',
          key: 'fuelMeterAboveNext',
          params: { next: cur.hour_meter, day: cur.day },
        });
      if (cur.remaining_l > available + 1e-9)
        issues.push({
          day: prev.day,
          field: 'remaining_l',
          key: 'fuelRemainingBelowNext',
          params: { least: round(cur.remaining_l - cur.received_l), day: cur.day },
        });
    }
  }
  return issues;
}

/** Working hours and consumption of a reading after the one before (null for the first). */
export const fuelUse = (prev: FuelReading | undefined, cur: FuelReading) =>
  prev
    ? {
        working_hours: round(cur.hour_meter - prev.hour_meter),
        consumption_l: round(prev.remaining_l + cur.received_l - cur.remaining_l),
      }
    : { working_hours: null, consumption_l: null };

// ---- The report ----

export const fuelReportQuerySchema = z
  .object({
    kind: z.enum(FUEL_REPORT_KINDS, 'validation.invalidEnum').default('listings'),
    start: z.string('validation.fuelPeriodRequired').refine(isRealDate, 'validation.fuelPeriodRequired'),
    end: z.string('validation.fuelPeriodRequired').refine(isRealDate, 'validation.fuelPeriodRequired'),
    /** Only these vehicles (comma-separated ids); every visible vehicle when empty. */
    vehicle_ids: z
      .string()
      .default('')
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(z.uuid('validation.invalid'))),
    timesetting: timesettingSchema.default(0),
  })
  .superRefine((v, ctx) => {
    const span = (Date.parse(v.end) - Date.parse(v.start)) / DAY_MS;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.endAfterStart' });
    else if (span >= FUEL_PERIOD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.fuelPeriodTooLong' });
  })
  .meta({
    description: `The end is not before the start, and the period spans fewer than ${FUEL_PERIOD_MAX_DAYS} days.`,
  });
export type FuelReportQuery = z.input<typeof fuelReportQuerySchema>;

/** Why a figure is unusual: its L/h against the vehicle's median of the days before. */
export const fuelAnomalySchema = z.object({
  vehicle_id: z.string(),
  vehicle_name: z.string(),
  day: z.string(),
  l_per_h: z.number(),
  median: z.number(),
  /** (l_per_h − median) / median: −0.39 is 39 % less. */
  deviation: z.number(),
  days: z.number().int(),
});
export type FuelAnomaly = z.infer<typeof fuelAnomalySchema>;

export const FUEL_SUBJECTS = ['vehicle', 'group', 'operator', 'fleet'] as const;

/** One line of a report: a subject over a part of the period ('' the whole, a month, a day). */
export const fuelReportRowSchema = z.object({
  subject: z.enum(FUEL_SUBJECTS),
  id: z.string().nullable(),
  name: z.string(),
  part: z.string(),
  received_l: z.number(),
  working_hours: z.number(),
  consumption_l: z.number(),
  l_per_h: z.number().nullable(),
  hour_meter: z.number().nullable(),
  remaining_l: z.number().nullable(),
  anomaly: fuelAnomalySchema.nullable(),
});
export type FuelReportRow = z.infer<typeof fuelReportRowSchema>;

export const fuelReportSchema = z.object({
  kind: z.enum(FUEL_REPORT_KINDS),
  start: z.string(),
  end: z.string(),
  rows: z.array(fuelReportRowSchema),
  /** Every unusual figure of the period, explained. */
  anomalies: z.array(fuelAnomalySchema),
});
export type FuelReport = z.infer<typeof fuelReportSchema>;

/** Litres per working hour, or null when no hours were worked. */
export const litresPerHour = (litres: number, hours: number) => (hours > 0 ? round(litres / hours) : null);
