-- Data migration's basic info imports: one row per import of a customer's files, its state as the
-- status screen shows it, its counts, and where its files and its report of bad lines are kept.
-- The queue's job (queued_jobs, pg-boss) runs it; this row outlives the job.
CREATE TABLE migration_imports (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'idle'
    CHECK (status IN ('idle', 'processing', 'completed', 'error', 'aborting', 'aborted')),
  -- The queue's job that runs it, and what the state says beyond its name (a message key).
  job_id text, message text,
  dry_run boolean NOT NULL DEFAULT false,
  -- Per file: kind, name, object key, headers, encoding, delimiter and the mapping it was read with.
  files jsonb NOT NULL,
  total integer NOT NULL DEFAULT 0,
  success integer NOT NULL DEFAULT 0,
  failure integer NOT NULL DEFAULT 0,
  progress integer NOT NULL DEFAULT 0,
  -- The first bad lines (keys, not texts: translated for each reader); all of them under issues_key.
  issues jsonb NOT NULL DEFAULT '[]',
  issues_key text,
  restored_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (success + failure <= total),
  PRIMARY KEY (customer_id, id)
);
CREATE INDEX migration_imports_customer_created_idx ON migration_imports (customer_id, created_at DESC);

-- What an import created, so that "restore state" (and an abort, or a failed write) removes
-- exactly that and nothing else.
CREATE TABLE migration_import_records (
  customer_id uuid NOT NULL,
  import_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('vehicle', 'operator', 'device')),
  record_id uuid NOT NULL,
  PRIMARY KEY (customer_id, import_id, kind, record_id),
  FOREIGN KEY (customer_id, import_id) REFERENCES migration_imports (customer_id, id) ON DELETE CASCADE
);

-- The column mapping a customer's files were last read with, offered again for its next files.
CREATE TABLE migration_mappings (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('vehicle', 'operator', 'device')),
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, kind)
);
