-- The customer's settings of domain spec §3 beyond name and tree: live-camera limits and the
-- other flags. Durations are kept in seconds; the screens show minutes.

ALTER TABLE customers
  ADD COLUMN live_continuous_seconds integer NOT NULL DEFAULT 300 CHECK (live_continuous_seconds > 0),
  ADD COLUMN live_monthly_max_seconds integer NOT NULL DEFAULT 36000 CHECK (live_monthly_max_seconds >= 0),
  ADD COLUMN live_remaining_seconds integer NOT NULL DEFAULT 36000 CHECK (live_remaining_seconds >= 0),
  ADD COLUMN with_provider_registration boolean NOT NULL DEFAULT false,
  ADD COLUMN staging boolean NOT NULL DEFAULT false,
  ADD COLUMN auto_add_group boolean NOT NULL DEFAULT false,
  ADD COLUMN random_video_max_seconds integer NOT NULL DEFAULT 60 CHECK (random_video_max_seconds >= 0),
  ADD COLUMN batch_process boolean NOT NULL DEFAULT false,
  ADD COLUMN high_precision_gps boolean NOT NULL DEFAULT false,
  ADD COLUMN sync_rfid boolean NOT NULL DEFAULT false,
  ADD COLUMN copy_data boolean NOT NULL DEFAULT false,
  ADD COLUMN sync_other_system boolean NOT NULL DEFAULT false,
  ADD COLUMN force_mfa boolean NOT NULL DEFAULT false;

CREATE INDEX customers_name_idx ON customers (lower(name));
