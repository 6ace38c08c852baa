// The maintenance evaluation: a timed job (platform/jobs.ts) that applies the vehicles' new hour
// meter readings, each checked (one that runs backwards or gains more than the hours that passed
// is kept aside and shown, not applied), and evaluates again the assignments that were changed, or
// whose meter or time crossed the point where their state changes next (contracts
// maintenance/state.ts `changes`), which each evaluation stores. It runs
// every 30 seconds and when a write wakes it, so a vehicle entering its warning shows, and is
// told (`entered`), within a minute of the reading that crossed it.
import { assignmentStatus, meterReadingProblem, onMeter, STATE_ORDER } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  applyReadings,
  assignmentsToEvaluate,
  type DueRow,
  type Evaluated,
  keepAside,
  type NewReading,
  newReadings,
  storeStates,
} from './evaluation.repository.ts';

export const EVALUATION_EVERY_MS = 30_000;
/** A meter cycle's forecast due date moves with the vehicle's use: it is made again this often. */
export const FORECAST_EVERY_MS = 3_600_000;
const HOUR = 3_600_000;

/** One assignment's state at `now`, the due time to the hour, and when to look at it again. */
export function evaluate(row: DueRow, now: Date): Evaluated {
  const status = assignmentStatus(
    row,
    { since: new Date(row.since), sinceMeter: row.since_meter },
    { now, meter: row.meter, dailyHours: row.daily_hours },
  );
  const forecastAgain = onMeter(row.cycle_unit)
    ? now.getTime() + FORECAST_EVERY_MS
    : Number.POSITIVE_INFINITY;
  const recheckAt = Math.min(status.changes.at?.getTime() ?? Number.POSITIVE_INFINITY, forecastAgain);
  return {
    customer_id: row.customer_id,
    maintenance_id: row.maintenance_id,
    vehicle_id: row.vehicle_id,
    state: status.state,
    due_meter: status.hours_left === null || row.meter === null ? null : row.meter + status.hours_left,
    due_at: status.due_at === null ? null : new Date(Math.round(status.due_at.getTime() / HOUR) * HOUR),
    recheck_meter: status.changes.meter,
    recheck_at: Number.isFinite(recheckAt) ? new Date(recheckAt) : null,
  };
}

/** Applies new readings and evaluates what they and the clock may have moved; answers what got worse. */
export async function evaluateAll(
  database: DatabaseHandle,
  now: Date,
): Promise<{ evaluated: number; worse: Evaluated[] }> {
  const readings = await newReadings(database);
  const applied: NewReading[] = [];
  const aside: (NewReading & { problem: 'backwards' | 'too_fast' })[] = [];
  for (const reading of readings) {
    const last =
      reading.applied_meter === null || reading.applied_at === null
        ? null
        : { meter: reading.applied_meter, at: new Date(reading.applied_at) };
    const problem = meterReadingProblem(last, { meter: reading.meter, at: new Date(reading.read_at) });
    if (problem) aside.push({ ...reading, problem });
    else applied.push(reading);
  }
  await database.transaction(async (tx) => {
    await applyReadings(tx, applied);
    await keepAside(tx, aside);
  });
  // Only the vehicles whose meter reached a point where a state changes are looked at by meter.
  const rows = await assignmentsToEvaluate(
    database,
    now,
    applied.filter((r) => r.crossed),
  );
  const evaluated = rows.map((row) => evaluate(row, now));
  await storeStates(database, evaluated, now);
  const worse = evaluated.filter((e, i) => STATE_ORDER[e.state] > STATE_ORDER[rows[i]?.state ?? 'ok']);
  return { evaluated: evaluated.length, worse };
}

export function evaluationJob(database: DatabaseHandle, entered: (worse: Evaluated[]) => Promise<void>): Job {
  return {
    name: 'maintenance-evaluation',
    async run(_since, now) {
      const { worse } = await evaluateAll(database, now);
      if (worse.length > 0) await entered(worse);
      return new Date(now.getTime() + EVALUATION_EVERY_MS);
    },
  };
}
