-- Timed jobs run on one replica at a time (platform/jobs.ts): the replica that holds a job's lease
-- runs it and renews the lease at each run; the others check back when the lease would end, and
-- take it over if its holder stopped renewing (stopped, crashed). The time of the last run travels
-- with the lease, so the next holder starts where the last one ended (a notice's moment between
-- the two is still met). `runs` counts the job's runs, for the operators and the replica test.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  held_until timestamptz NOT NULL,
  last_run_at timestamptz,
  runs bigint NOT NULL DEFAULT 0
);
