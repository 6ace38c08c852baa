// The fuel calls (server modules/fuel) and their query keys: the vehicles one may enter or read,
// a vehicle's readings over some days, the save of a grid (all or none), a CSV file (checked in a
// dry run, then saved), and the report of a kind over a period.
import type { FuelReport, FuelReportKind, FuelResults, FuelSaveBody, FuelSaved } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { browserTimesetting } from '../drive-summary/format';

export type FuelVehicle = { id: string; name: string; capacity_l: number | null; group: string | null };

export const fuelKeys = {
  all: ['fuel'] as const,
  vehicles: () => ['fuel', 'vehicles'] as const,
  results: (vehicleId: string, start: string, end: string) =>
    ['fuel', 'results', vehicleId, start, end] as const,
  report: (query: ReportQuery) => ['fuel', 'report', query] as const,
};

export const fetchFuelVehicles = () => api.get<FuelVehicle[]>('/fuel/vehicles');

export const fetchFuelResults = (vehicleId: string, start: string, end: string) =>
  api.get<FuelResults>('/fuel/results', { query: { vehicle_id: vehicleId, start, end } });

/** Quiet: the grid puts each refusal under its cell. */
export const saveFuelResults = (body: FuelSaveBody) =>
  api.post<FuelSaved>('/fuel/results', body, { quiet: true });

/** Quiet: the screen lists each refused line. */
export const uploadFuelCsv = (file: File, options: { dryRun: boolean; reason: string }) => {
  const form = new FormData();
  form.append('file', file);
  return api.post<FuelSaved>('/fuel/results/csv', form, {
    quiet: true,
    query: { dry_run: options.dryRun, reason: options.reason },
  });
};

export type ReportQuery = { kind: FuelReportKind; start: string; end: string; vehicle_ids: string[] };

/** The report's query as the server reads it (the report and its export). */
export const reportParams = (query: ReportQuery) => ({
  kind: query.kind,
  start: query.start,
  end: query.end,
  vehicle_ids: query.vehicle_ids.join(','),
  timesetting: browserTimesetting(),
});

export const fetchFuelReport = (query: ReportQuery) =>
  api.get<FuelReport>('/fuel/report', { query: reportParams(query) });

/** The refused cells of an answer: field path → translated message. */
export const refusedFields = (error: unknown): Record<string, string> => {
  const fields = (error as { data?: { fields?: { field: string; message: string }[] } })?.data?.fields ?? [];
  return Object.fromEntries(fields.map((f) => [f.field, f.message]));
};
