// The results grid's logic, apart from its drawing: a week of one vehicle's readings as typed
// text, each cell checked with the contracts' field schema and the rules between readings
// (fuelReadingIssues, the server's own), the readings to send, and where the keyboard goes next.
import {
  addDays,
  type FuelEntry,
  type FuelReading,
  type FuelResult,
  fieldIssue,
  fuelEntryFields,
  fuelReadingIssues,
} from '@fleetlens/contracts';

export const FIELDS = ['received_l', 'hour_meter', 'remaining_l'] as const;
export type Field = (typeof FIELDS)[number];
export type RowText = Record<Field, string>;
export type CellIssue = { key: string; params: Record<string, unknown> };
/** A cell's address: its day and field, "2026-03-02.hour_meter". */
export const cellKey = (day: string, field: Field) => `${day}.${field}`;

export const EMPTY_ROW: RowText = { received_l: '', hour_meter: '', remaining_l: '' };

/** The seven days of the week beginning `monday`. */
export const weekOf = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

export const textOf = (r: FuelResult | undefined): RowText =>
  r
    ? {
        received_l: String(r.received_l),
        hour_meter: String(r.hour_meter),
        remaining_l: String(r.remaining_l),
      }
    : EMPTY_ROW;

const isBlank = (row: RowText) => FIELDS.every((f) => row[f].trim() === '');
/** A typed number: a decimal point or comma, nothing else. */
const numberOf = (text: string) => Number(text.trim().replace(',', '.'));

export type GridInput = {
  vehicleId: string;
  days: string[];
  texts: Record<string, RowText>;
  stored: Record<string, FuelResult>;
  before: FuelResult | null;
  after: FuelResult | null;
  capacity: number | null;
};

export type GridCheck = {
  issues: Record<string, CellIssue>;
  /** The readings new or changed, complete: what a save sends. */
  entries: FuelEntry[];
  /** A stored reading is among them: the save needs a reason. */
  corrects: boolean;
};

/** Every cell's issue, the readings to send, whether they correct stored ones. */
export function checkGrid({ vehicleId, days, texts, stored, before, after, capacity }: GridInput): GridCheck {
  const issues: Record<string, CellIssue> = {};
  const entries: FuelEntry[] = [];
  const readings: FuelReading[] = [before, after].filter((r): r is FuelResult => r !== null);
  const fresh = new Set<string>();
  for (const day of days) {
    const row = texts[day] ?? EMPTY_ROW;
    const kept = stored[day];
    if (isBlank(row)) {
      if (kept) readings.push(kept);
      continue;
    }
    let complete = true;
    const values: Partial<Record<Field, number>> = {};
    for (const field of FIELDS) {
      const text = row[field].trim();
      if (text === '' && field === 'received_l') {
        values[field] = 0;
        continue;
      }
      const value = text === '' ? undefined : numberOf(text);
      const issue = fieldIssue(fuelEntryFields[field], value);
      if (issue) {
        issues[cellKey(day, field)] = issue;
        complete = false;
      } else values[field] = value;
    }
    if (!complete) {
      if (kept) readings.push(kept);
      continue;
    }
    const reading = {
      day,
      received_l: values.received_l ?? 0,
      hour_meter: values.hour_meter ?? 0,
      remaining_l: values.remaining_l ?? 0,
    };
    readings.push(reading);
    const same =
      kept &&
      kept.received_l === reading.received_l &&
      kept.hour_meter === reading.hour_meter &&
      kept.remaining_l === reading.remaining_l;
    if (!same) {
      fresh.add(day);
      entries.push({ vehicle_id: vehicleId, ...reading });
    }
  }
  for (const issue of fuelReadingIssues(readings, capacity, (day) => fresh.has(day)))
    issues[cellKey(issue.day, issue.field)] ??= { key: issue.key, params: issue.params };
  return { issues, entries, corrects: entries.some((e) => stored[e.day] !== undefined) };
}

/** The meter a day's empty meter cell is filled in with: the nearest earlier one known. */
export function previousMeter(
  days: string[],
  texts: Record<string, RowText>,
  before: FuelResult | null,
  day: string,
) {
  for (let i = days.indexOf(day) - 1; i >= 0; i -= 1) {
    const text = texts[days[i] ?? '']?.hour_meter.trim() ?? '';
    if (text !== '' && Number.isFinite(numberOf(text))) return text;
  }
  return before ? String(before.hour_meter) : '';
}

export type Move = { row: number; col: number };

/**
 * Where a key sends the cursor from (row, col) in a grid of `rows` × FIELDS: Enter and Tab go on
 * (right, then the next row's first cell), with Shift back; arrows up and down always, left and
 * right only from the text's edge. null: the key stays in the cell.
 */
export function moveOf(
  key: string,
  shift: boolean,
  at: Move,
  rows: number,
  caret: { start: number; end: number; length: number },
): Move | null {
  const cols = FIELDS.length;
  const step = (delta: number) => {
    const index = Math.min(Math.max(at.row * cols + at.col + delta, 0), rows * cols - 1);
    return { row: Math.floor(index / cols), col: index % cols };
  };
  switch (key) {
    case 'Enter':
    case 'Tab':
      return step(shift ? -1 : 1);
    case 'ArrowDown':
      return { row: Math.min(at.row + 1, rows - 1), col: at.col };
    case 'ArrowUp':
      return { row: Math.max(at.row - 1, 0), col: at.col };
    case 'ArrowRight':
      return caret.start === caret.end && caret.end === caret.length ? step(1) : null;
    case 'ArrowLeft':
      return caret.start === caret.end && caret.start === 0 ? step(-1) : null;
    default:
      return null;
  }
}
