-- Data migration's past data transfer (docs/decisions/2026-12-07-data-migration.md, "Past data
-- transfer"): one row per transfer of a customer's history (a period, the kinds event, regular and
-- video, their files), its state and counts like an import's; and the record of every row it
-- wrote, so that an abort, a failed write or "restore state" removes exactly those.
CREATE TABLE migration_transfers (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'idle'
    CHECK (status IN ('idle', 'processing', 'completed', 'error', 'aborting', 'aborted')),
  job_id text, message text,
  period_from date NOT NULL,
  period_to date NOT NULL,
  kinds text[] NOT NULL CHECK (kinds <@ ARRAY['event', 'regular', 'video'] AND cardinality(kinds) > 0),
  -- Minutes east of UTC the files' wall-clock times are read in (the customer's setting then).
  source_utc_offset integer NOT NULL DEFAULT 0,
  -- Per file: kind, name, object key, headers and mapping (CSV), size (MP4).
  files jsonb NOT NULL,
  total integer NOT NULL DEFAULT 0,
  success integer NOT NULL DEFAULT 0,
  failure integer NOT NULL DEFAULT 0,
  progress integer NOT NULL DEFAULT 0,
  issues jsonb NOT NULL DEFAULT '[]',
  issues_key text,
  restored_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (success + failure <= total),
  CHECK (period_from <= period_to),
  PRIMARY KEY (customer_id, id)
);
CREATE INDEX migration_transfers_customer_created_idx ON migration_transfers (customer_id, created_at DESC);

-- What a transfer wrote: events and clips by id; positions (which have none) by their unique key
-- (device_pk in record_id, time in at, message_id). previous: what a clip changed on an event the
-- transfer did not write (its cameras and video start before), put back by a restore.
CREATE TABLE migration_transfer_records (
  customer_id uuid NOT NULL,
  transfer_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('event', 'regular', 'video')),
  record_id uuid NOT NULL,
  at timestamptz,
  message_id text,
  previous jsonb,
  FOREIGN KEY (customer_id, transfer_id) REFERENCES migration_transfers (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX migration_transfer_records_transfer_idx ON migration_transfer_records (customer_id, transfer_id, kind);

-- A customer's migration settings: the kinds and period length a new transfer proposes, and the
-- time setting of the source system's wall-clock times. Kept mappings stay in migration_mappings,
-- which now also holds the transfer's two CSV kinds.
CREATE TABLE migration_settings (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  default_kinds text[] NOT NULL CHECK (default_kinds <@ ARRAY['event', 'regular', 'video'] AND cardinality(default_kinds) > 0),
  default_months integer NOT NULL CHECK (default_months BETWEEN 1 AND 120),
  source_utc_offset integer NOT NULL CHECK (source_utc_offset BETWEEN -720 AND 840),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE migration_mappings DROP CONSTRAINT migration_mappings_kind_check;
ALTER TABLE migration_mappings ADD CONSTRAINT migration_mappings_kind_check
  CHECK (kind IN ('vehicle', 'operator', 'device', 'account', 'event', 'regular'));
