-- The durable job queue (platform/queue.ts) runs on pg-boss, whose own tables live in the schema
-- `pgboss` and are installed and upgraded by pg-boss itself at start. What pg-boss does not keep is
-- ours: whose job it is (the customer, whose share of workers it counts against, and the user who
-- asked), a label for the jobs view, and its progress, written by the running job. One row per
-- pg-boss job, same id; state, attempts and times are read from pg-boss's row, never copied.
CREATE TABLE queued_jobs (
  id uuid PRIMARY KEY,
  queue text NOT NULL,
  customer_id uuid REFERENCES customers (id) ON DELETE CASCADE,
  requested_by uuid,
  label text NOT NULL DEFAULT '',
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  progress_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX queued_jobs_customer_idx ON queued_jobs (customer_id, created_at DESC);
CREATE INDEX queued_jobs_queue_idx ON queued_jobs (queue, created_at DESC);
