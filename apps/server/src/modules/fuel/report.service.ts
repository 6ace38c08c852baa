// The fuel report's four kinds over a required period (domain spec: listings, details, 3 months,
// summary): listings, a line per vehicle; details, a line per reading; 3 months, a line per
// vehicle and month of the three months ending with the period's month, and the fleet's; summary,
// the fleet, each group and each operator. Litres per working hour are worked out from sums, never
// averaged. An unusual figure is a reading whose L/h lies at least
// FUEL_ANOMALY_SHARE from the median of the vehicle's readings of the FUEL_MEDIAN_DAYS before it;
// it carries its figure, the median and the deviation, which the screen says in words. Every kind
// lists the unusual figures of its period.
import {
  addDays,
  addMonths,
  FUEL_ANOMALY_MIN_HOURS,
  FUEL_ANOMALY_SHARE,
  FUEL_MEDIAN_DAYS,
  FUEL_MEDIAN_MIN_READINGS,
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
  ratesSince,
  type SumRow,
} from './report.repository.ts';

const round = (n: number) => Math.round(n * 100) / 100;

const sortedMedian = (sorted: number[]) => {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Where `value` lies in an ascending list: the first place not below it. */
const sortedIndex = (sorted: number[], value: number) => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Every unusual reading of the period, from the readings of FUEL_MEDIAN_DAYS before it on. */
export function unusualReadings(
  rates: { vehicle_id: string; name: string; day: string; l_per_h: number }[],
  start: string,
): FuelAnomaly[] {
  const found: FuelAnomaly[] = [];
  const byVehicle = new Map<string, typeof rates>();
  for (const r of rates) {
    const list = byVehicle.get(r.vehicle_id);
    if (list) list.push(r);
    else byVehicle.set(r.vehicle_id, [r]);
  }
  // Each vehicle's window of the readings of FUEL_MEDIAN_DAYS before the one judged, kept sorted
  // as it slides (a reading enters once and leaves once), so a year's readings cost no re-sorting.
  for (const list of byVehicle.values()) {
    const window: number[] = [];
    let first = 0;
    for (const r of list) {
      const from = addDays(r.day, -FUEL_MEDIAN_DAYS);
      for (let old = list[first]; old && old !== r && old.day < from; old = list[++first])
        window.splice(sortedIndex(window, old.l_per_h), 1);
      if (r.day >= start && window.length >= FUEL_MEDIAN_MIN_READINGS) {
        const m = sortedMedian(window);
        const deviation = (r.l_per_h - m) / m;
        if (m > 0 && Math.abs(deviation) >= FUEL_ANOMALY_SHARE)
          found.push({
            vehicle_id: r.vehicle_id,
            vehicle_name: r.name,
            day: r.day,
            l_per_h: round(r.l_per_h),
            median: round(m),
            deviation: Math.round(deviation * 1000) / 1000,
            days: FUEL_MEDIAN_DAYS,
          });
      }
      window.splice(sortedIndex(window, r.l_per_h), 0, r.l_per_h);
    }
  }
  return found;
}

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
  async function anomalies(access: RequestAccess, filter: Filter) {
    const since = addDays(filter.start, -FUEL_MEDIAN_DAYS);
    return unusualReadings(
      await ratesSince(database, access, filter, since, FUEL_ANOMALY_MIN_HOURS),
      filter.start,
    );
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
