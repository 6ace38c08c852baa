-- Timed jobs run on the durable queue (platform/jobs.ts over platform/queue.ts): each run is a
-- pg-boss job in the job's own queue, one waiting and one running per job across every replica, and
-- the next run carries the time of the last. The leases that chose a replica per job, and kept the
-- time of its last run, have no reader left.
DROP TABLE job_leases;
