-- Managerial downloads: one row per request, its state as the result screen shows it, and where
-- its file is kept. The queue's job (queued_jobs, pg-boss) runs it; this row outlives the job.
CREATE TABLE download_requests (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  download_type text NOT NULL,
  period_from date NOT NULL,
  period_to date NOT NULL,
  method text NOT NULL CHECK (method IN ('sync', 'async')),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'started', 'processing', 'completed', 'failed', 'error', 'aborting', 'aborted')),
  progress integer NOT NULL DEFAULT 0,
  file_size bigint,
  object_key text,
  job_id text,
  message text,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period_to >= period_from),
  PRIMARY KEY (customer_id, id)
);
CREATE INDEX download_requests_customer_created_idx ON download_requests (customer_id, created_at DESC);
