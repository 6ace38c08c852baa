// The fuel report's four kinds over a required period (domain spec: listings, details, 3 months,
// summary): listings, a line per vehicle; details, a line per reading; 3 months, a line per
// vehicle and month of the three months ending with the period's month, and the fleet's; summary,
// the fleet, each group and each operator. Litres per working hour are worked out from sums, never
// averaged. An unusual figure is a reading whose L/h lies at least
// FUEL_ANOMALY_SHARE from the median of the vehicle's readings of the FUEL_MEDIAN_DAYS before it
// (kept in the reading's day sums by the write path: median_l_per_h); it carries its figure, the
// median and the deviation, which the screen says in words. Every kind lists the unusual figures of its period.
import {
  addDays,
  addMonths,
  FUEL_ANOMALY_MIN_HOURS,
  FUEL_ANOMALY_SHARE,
  FUEL_MEDIAN_DAYS,
  type FuelAnomaly,
  type FuelReport,
  type FuelReportRow,
  type fuelReportQuerySchema,
  litresPerHour,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import {
  type Filter,
  fuelVehicles,
  perDay,
  perGroup,
  perMonth,
  perOperator,
  perVehicle,
  type SumRow,
  unusualIn,
} from './report.repository.ts';

const round = (n: number) => Math.round(n * 100) / 100;

const rowOf =
  (subject: FuelReportRow['subject']) =>
  (r: SumRow): FuelReportRow => ({
    subject,
    id: r.id,
    name: r.name,
    part: r.part,
    received_l: round(Number(r.received_l)),
    working_hours: round(Number(r.working_hours)),
    consumption_l: round(Number(r.consumption_l)),
    l_per_h: litresPerHour(Number(r.consumption_l), Number(r.working_hours)),
    hour_meter: r.hour_meter === null ? null : Number(r.hour_meter),
    remaining_l: r.remaining_l === null ? null : Number(r.remaining_l),
    anomaly: null,
  });

export function fuelReportService(database: DatabaseHandle) {
  async function anomalies(access: RequestAccess, filter: Filter): Promise<FuelAnomaly[]> {
    const rows = await unusualIn(database, access, filter, FUEL_ANOMALY_MIN_HOURS, FUEL_ANOMALY_SHARE);
    return rows.map((r) => ({
      vehicle_id: r.vehicle_id,
      vehicle_name: r.name,
      day: r.day,
      l_per_h: round(r.l_per_h),
      median: round(r.median),
      deviation: Math.round(((r.l_per_h - r.median) / r.median) * 1000) / 1000,
      days: FUEL_MEDIAN_DAYS,
    }));
  }

  return {
    vehicles: (access: RequestAccess) => fuelVehicles(database, access),

    async report(access: RequestAccess, query: z.output<typeof fuelReportQuerySchema>): Promise<FuelReport> {
      const filter: Filter = { start: query.start, end: query.end, vehicleIds: query.vehicle_ids };
      const head = { kind: query.kind, start: query.start, end: query.end };
      switch (query.kind) {
        case 'listings': {
          const [rows, unusual] = await Promise.all([
            perVehicle(database, access, filter),
            anomalies(access, filter),
          ]);
          return { ...head, rows: rows.map(rowOf('vehicle')), anomalies: unusual };
        }
        case 'details': {
          const [rows, unusual] = await Promise.all([
            perDay(database, access, filter),
            anomalies(access, filter),
          ]);
          const byReading = new Map(unusual.map((a) => [`${a.vehicle_id}/${a.day}`, a]));
          return {
            ...head,
            rows: rows.map((r) => ({
              ...rowOf('vehicle')(r),
              anomaly: byReading.get(`${r.vehicle_id}/${r.day}`) ?? null,
            })),
            anomalies: unusual,
          };
        }
        case 'threeMonths': {
          const months = {
            ...filter,
            start: addMonths(query.end, -2),
            end: addDays(addMonths(query.end, 1), -1),
          };
          const [rows, unusual] = await Promise.all([
            perMonth(database, access, months),
            anomalies(access, months),
          ]);
          return {
            ...head,
            start: months.start,
            end: months.end,
            rows: rows.map((r) => rowOf(r.id === null ? 'fleet' : 'vehicle')(r)),
            anomalies: unusual,
          };
        }
        case 'summary': {
          const [groups, operators, unusual] = await Promise.all([
            perGroup(database, access, filter),
            perOperator(database, access, filter, query.timesetting),
            anomalies(access, filter),
          ]);
          return {
            ...head,
            rows: [
              ...groups.map((r) => rowOf(r.id === null ? 'fleet' : 'group')(r)),
              ...operators.map(rowOf('operator')),
            ],
            anomalies: unusual,
          };
        }
      }
    },
  };
}
