// The drive summary calls (server modules/drive-summary) and their query keys.
import type { DriveSummary, DriveSummaryInterval, DriveSummarySubject } from '@fleetlens/contracts';
import { api } from '../../api/client';

export type SummaryQuery = {
  start: string;
  end: string;
  interval: DriveSummaryInterval;
  timesetting: number;
};

/** The API path of each subject's summary. */
const PATHS: Record<DriveSummarySubject, string> = {
  vehicle: 'vehicles',
  vehicleGroup: 'vehicle-groups',
  operator: 'operators',
  operatorGroup: 'operator-groups',
};

export const driveSummaryKeys = {
  one: (kind: DriveSummarySubject, id: string, q: SummaryQuery) => ['drive-summary', kind, id, q] as const,
};

export const fetchDriveSummary = (kind: DriveSummarySubject, id: string, q: SummaryQuery) =>
  api.get<DriveSummary>(`/${PATHS[kind]}/${encodeURIComponent(id)}/drive-summary`, { query: q, quiet: true });
