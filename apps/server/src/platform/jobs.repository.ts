// The timed jobs' leases (0035_job_leases.sql): which replica runs a job, until when, and when it
// last ran.
import type { Queryable } from '../db/client.ts';

export type LeaseClaim = { held: true; lastRunAt: Date | undefined } | { held: false; until: Date };

/** Takes the job's lease for `holder`, or renews it, unless another replica holds it still. */
export async function claimLease(
  db: Queryable,
  name: string,
  holder: string,
  leaseMs: number,
): Promise<LeaseClaim> {
  const [taken] = await db.query<{ last_run_at: Date | null }>(
    `INSERT INTO job_leases AS l (name, holder, held_until)
     VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, held_until = EXCLUDED.held_until
      WHERE l.holder = EXCLUDED.holder OR l.held_until < now()
     RETURNING last_run_at`,
    [name, holder, leaseMs],
  );
  if (taken) return { held: true, lastRunAt: taken.last_run_at ?? undefined };
  const [other] = await db.query<{ held_until: Date }>('SELECT held_until FROM job_leases WHERE name = $1', [
    name,
  ]);
  return { held: false, until: other?.held_until ?? new Date() };
}

/** Records a run at `at` (the runner's clock) and renews the lease, if `holder` still holds it. */
export async function recordRun(
  db: Queryable,
  name: string,
  holder: string,
  at: Date,
  leaseMs: number,
): Promise<void> {
  await db.query(
    `UPDATE job_leases SET last_run_at = $3, runs = runs + 1,
            held_until = now() + make_interval(secs => $4::double precision / 1000)
      WHERE name = $1 AND holder = $2`,
    [name, holder, at, leaseMs],
  );
}

/** Gives the lease up (a replica stopping): another replica may take it at once. */
export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.query(
    "UPDATE job_leases SET held_until = now() - interval '1 second' WHERE name = $1 AND holder = $2",
    [name, holder],
  );
}
