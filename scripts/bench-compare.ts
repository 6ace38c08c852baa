// What the benches that set the product's query beside the raw one a person would write share
// (bench:events, its event map, bench:dashboard): the throwaway database, the timed runs of both
// in turn, and the table of their percentiles with the ratio of their p95s.
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createTestDatabase } from '../apps/server/src/testing/database.ts';

export const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Runs `bench` on a throwaway database, dropped after it unless `keep` (its URL is printed, for a look at the plans). */
export async function onThrowawayDatabase(keep: boolean, bench: (db: DatabaseHandle) => Promise<void>) {
  const db = await createTestDatabase();
  try {
    await bench(db);
  } finally {
    if (keep) {
      console.log(`kept: ${db.url}`);
      await db.close();
    } else await db.drop();
  }
}

/**
 * Times the two calls of `run(i)`, ours then the raw one, for i from -warmups to runs - 1: the
 * warm-up rounds (i < 0) are not measured. Answers the milliseconds of each measured call.
 */
export async function timeBoth(
  runs: number,
  warmups: number,
  run: (i: number) => { ours: () => Promise<unknown>; raw: () => Promise<unknown> },
): Promise<{ ours: number[]; raw: number[] }> {
  const times = { ours: [] as number[], raw: [] as number[] };
  for (let i = -warmups; i < runs; i++) {
    const calls = run(i);
    for (const which of ['ours', 'raw'] as const) {
      const t = performance.now();
      await calls[which]();
      if (i >= 0) times[which].push(performance.now() - t);
    }
  }
  return times;
}

const cell = (ms: number) => ms.toFixed(1).padStart(8);

/** The table's heading: the first column's, `ours` before p50 and p95 (e.g. 'map'), then raw's and the ratio. */
export const comparisonHeading = (first: string, width: number, ours: string, more = '') =>
  `${first.padEnd(width)} ${`${ours} p50`.trim().padStart(8)} ${`${ours} p95`.trim().padStart(8)} ${'raw p50'.padStart(8)} ${'raw p95'.padStart(8)} ${'ratio'.padStart(7)}${more && `   ${more}`}`;

/** One row: the p50 and p95 of ours and of raw (ms), and ours' p95 over raw's. */
export function comparisonRow(
  name: string,
  width: number,
  times: { ours: number[]; raw: number[] },
  more = '',
) {
  const [o95, r95] = [percentile(times.ours, 95), percentile(times.raw, 95)];
  return `${name.padEnd(width)} ${cell(percentile(times.ours, 50))} ${cell(o95)} ${cell(percentile(times.raw, 50))} ${cell(r95)} ${(o95 / r95).toFixed(2).padStart(7)}${more && `   ${more}`}`;
}
