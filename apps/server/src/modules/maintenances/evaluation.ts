// The maintenance evaluation: a timed job (platform/jobs.ts) that applies the vehicles' new hour
// meter readings, each checked (one that runs backwards or gains more than the hours that passed
// is kept aside and shown, not applied), and evaluates again the assignments whose meter moved,
// that were changed, or that the clock may have moved (contracts maintenance/state.ts). It runs
// every 30 seconds and when a write wakes it, so a vehicle entering its warning shows, and is
// told (`entered`), within a minute of the reading that crossed it.
import { assignmentStatus, meterReadingProblem, STATE_ORDER } from '@fleetlens/contracts';
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
/** Time cycles move with the clock alone: each assignment is looked at again at least this often. */
export const STALE_MINUTES = 10;

const onTheCalendar = (row: DueRow) => row.cycle_unit !== 'operating_hours' || row.calendar_unit !== null;
const HOUR = 3_600_000;

/** One assignment's state at `now`: hours left to a tenth, the due time to the hour. */
export function evaluate(row: DueRow, now: Date): Evaluated {
  const status = assignmentStatus(
    row,
    { since: new Date(row.since), sinceMeter: row.since_meter },
    { now, meter: row.meter, dailyHours: row.daily_hours },
  );
  return {
    customer_id: row.customer_id,
    maintenance_id: row.maintenance_id,
    vehicle_id: row.vehicle_id,
    state: status.state,
    hours_left: status.hours_left === null ? null : Math.round(status.hours_left * 10) / 10,
    due_at: status.due_at === null ? null : new Date(Math.round(status.due_at.getTime() / HOUR) * HOUR),
  };
}

/** Applies new readings and evaluates what they and the clock moved; answers what got worse. */
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
  const rows = await assignmentsToEvaluate(database, now, STALE_MINUTES, applied);
  const evaluated = rows.map((row) => evaluate(row, now));
  // Only what a list shows differently is written (hours to a tenth, the due time to the hour),
  // and what was never evaluated or goes by the calendar (its evaluation time moves on).
  const changed = evaluated.filter((e, i) => {
    const row = rows[i] as DueRow;
    return (
      row.evaluated_at === null ||
      onTheCalendar(row) ||
      e.state !== row.state ||
      e.hours_left !== row.hours_left ||
      e.due_at?.getTime() !== (row.due_at === null ? undefined : new Date(row.due_at).getTime())
    );
  });
  await storeStates(database, changed, now);
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
