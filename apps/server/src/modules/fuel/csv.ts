// A CSV file of fuel results, read line by line as it streams in (never held whole): a header
// naming the columns, then one reading a line, the vehicle by its name. Each line is checked with
// the same schema as a grid's cell; what a line lacks is told by its number (the file's line, the
// header being 1), and the lines that parse go on to the rules between readings.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { type FuelEntry, fuelEntrySchema, issueKey } from '@fleetlens/contracts';
import type { CellIssue } from './service.ts';

export const FUEL_CSV_COLUMNS = ['vehicle', 'date', 'received_l', 'hour_meter', 'remaining_l'] as const;

/** One line's cells (RFC 4180 quoting; a quoted cell does not span lines in these files). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((s) => s.trim());
}

export type CsvLine = { line: number; vehicle: string; entry: Omit<FuelEntry, 'vehicle_id'> };

/** A number cell: empty is absent (the schema's default or its "required"), else a plain decimal. */
const numberOf = (cell: string | undefined) =>
  cell === undefined || cell === '' ? undefined : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : Number.NaN;

/** Reads the file's lines: those that parse, and each refused line's issues by its number. */
export async function readFuelCsv(stream: Readable): Promise<{ lines: CsvLine[]; issues: CellIssue[] }> {
  const lines: CsvLine[] = [];
  const issues: CellIssue[] = [];
  let number = 0;
  const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const raw of reader) {
    number += 1;
    const text = number === 1 ? raw.replace(/^\ufeff/, '') : raw;
    if (text.trim() === '') continue;
    const cells = csvCells(text);
    if (number === 1) {
      if (cells.map((c) => c.toLowerCase()).join(',') !== FUEL_CSV_COLUMNS.join(','))
        issues.push({ index: 1, field: 'header', key: 'fuelCsvHeader', params: {} });
      continue;
    }
    if (cells.length !== FUEL_CSV_COLUMNS.length) {
      issues.push({ index: number, field: 'line', key: 'fuelCsvColumns', params: {} });
      continue;
    }
    const [vehicle = '', day, received, meter, remaining] = cells;
    if (vehicle === '')
      issues.push({ index: number, field: 'vehicle', key: 'fuelVehicleRequired', params: {} });
    const parsed = fuelEntrySchema.omit({ vehicle_id: true }).safeParse({
      day: day || undefined,
      received_l: numberOf(received),
      hour_meter: numberOf(meter),
      remaining_l: numberOf(remaining),
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const { key, params } = issueKey(issue as Parameters<typeof issueKey>[0]);
        issues.push({ index: number, field: String(issue.path[0] ?? 'line'), key, params });
      }
    else if (vehicle !== '') lines.push({ line: number, vehicle, entry: parsed.data });
  }
  if (lines.length === 0 && issues.length === 0)
    issues.push({ index: 1, field: 'file', key: 'fuelCsvEmpty', params: {} });
  return { lines, issues };
}
