// Keeping figures (figures.repository.ts) current: the timed job that computes the hours the
// triggers marked dirty as device data arrives (late and replayed messages, sign-ons, exclusions
// included), on one replica at a time (platform/jobs.ts); and the rebuild from raw data
// (npm run figures:rebuild) with the very same computation.
import type { DatabaseHandle } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  computeFigures,
  DAY_MS,
  type FigureWindow,
  HOUR_MS,
  settleFigures,
  vehiclesToRebuild,
} from './figures.repository.ts';

/** How often the job looks for dirty hours: figures of past hours are at most about this old. */
export const FIGURES_EVERY_MS = 15_000;
/**
 * How often the job also computes the hours still being driven: every moving vehicle's current
 * hour is dirty all the time, and each computation reads the hour's positions so far, so doing it
 * every round would read each position hundreds of times an hour. Readers that need the last
 * seconds settle their own vehicles first (the drive summaries do).
 */
export const CURRENT_HOURS_EVERY_MS = 5 * 60_000;
/** Hours per transaction, and the most one run settles before it lets others have the database. */
const BATCH = 500;
const RUN_BUDGET_MS = 10_000;
/** An hour is past once the next one's first segments (at most MAX_POSITION_GAP_S late) are in. */
const PAST_AFTER_MS = 5 * 60_000;

export function figuresJob(database: DatabaseHandle): Job {
  let currentSettledAt = 0;
  return {
    name: 'figures',
    async run(_since, now) {
      const began = Date.now();
      const all = now.getTime() - currentSettledAt >= CURRENT_HOURS_EVERY_MS;
      const filter = all
        ? undefined
        : { before: new Date(Math.floor((now.getTime() - PAST_AFTER_MS) / HOUR_MS) * HOUR_MS) };
      let taken = BATCH;
      while (taken === BATCH && Date.now() - began < RUN_BUDGET_MS)
        taken = await settleFigures(database, filter, BATCH);
      if (all && taken < BATCH) currentSettledAt = now.getTime();
      // More left: come back at once (the runner keeps a second between runs).
      return new Date(Date.now() + (taken === BATCH ? 0 : FIGURES_EVERY_MS));
    },
  };
}

export interface RebuildOptions {
  /** One customer; all without. */
  customerId?: string;
  from: Date;
  to: Date;
  /** Told after each chunk: how far the rebuild is. */
  progress?: (done: number, total: number) => void;
}

/** Vehicles per transaction, and the days of one window. */
const REBUILD_VEHICLES = 100;
const REBUILD_DAYS = 7;

/**
 * Computes every vehicle's and operator's figures of [from, to) (rounded out to whole UTC hours)
 * again from raw data, in chunks of vehicles and weeks, each chunk its own transaction.
 */
export async function rebuildFigures(database: DatabaseHandle, options: RebuildOptions): Promise<number> {
  const from = Math.floor(options.from.getTime() / HOUR_MS) * HOUR_MS;
  const to = Math.ceil(options.to.getTime() / HOUR_MS) * HOUR_MS;
  const vehicles = await vehiclesToRebuild(database, options.customerId);
  const weeks: [number, number][] = [];
  for (let at = from; at < to; at += REBUILD_DAYS * DAY_MS)
    weeks.push([at, Math.min(to, at + REBUILD_DAYS * DAY_MS)]);
  const chunks = Math.ceil(vehicles.length / REBUILD_VEHICLES) * weeks.length;
  let done = 0;
  for (let i = 0; i < vehicles.length; i += REBUILD_VEHICLES) {
    const some = vehicles.slice(i, i + REBUILD_VEHICLES);
    for (const [start, end] of weeks) {
      const windows: FigureWindow[] = some.map((v) => ({
        customerId: v.customer_id,
        vehicleId: v.id,
        from: new Date(start),
        to: new Date(end),
      }));
      await database.transaction((tx) => computeFigures(tx, windows));
      options.progress?.(++done, chunks);
    }
  }
  return vehicles.length;
}
