-- Live camera (issue 14, modules/live-camera): devices now also receive live-start and live-stop.
ALTER TABLE device_commands DROP CONSTRAINT device_commands_type_check;
ALTER TABLE device_commands ADD CONSTRAINT device_commands_type_check
  CHECK (type IN ('threshold-read', 'threshold-write', 'video-upload', 'live-start', 'live-stop'));

-- The month (UTC) the remaining playable time belongs to: the first use in a new month starts
-- again from the monthly maximum.
ALTER TABLE customers
  ADD COLUMN live_remaining_month date NOT NULL DEFAULT (date_trunc('month', now() AT TIME ZONE 'UTC'))::date;

-- One stream per device while anybody watches it: the key it publishes its cameras under. Keys
-- hold customer_id, so the table can be distributed by it (db/distribution.test.ts).
CREATE TABLE live_streams (
  device_pk uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  stream_key text NOT NULL,
  cameras integer NOT NULL CHECK (cameras BETWEEN 1 AND 4),
  -- When the device was last asked to publish (asked again after it was away).
  requested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, device_pk),
  UNIQUE (customer_id, stream_key)
);
CREATE INDEX live_streams_device_idx ON live_streams (device_pk);

-- Who watched which vehicle when, and how long was counted against the month.
CREATE TABLE live_camera_views (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  vehicle_id uuid REFERENCES vehicles(id) ON DELETE SET NULL,
  vehicle_name text NOT NULL,
  device_pk uuid REFERENCES devices(id) ON DELETE SET NULL,
  stream_key text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL,
  cameras integer NOT NULL,
  -- The longest this view may last: the continuous limit, or what remained of the month.
  allowed_seconds integer NOT NULL CHECK (allowed_seconds >= 0),
  watched_seconds double precision NOT NULL DEFAULT 0 CHECK (watched_seconds >= 0),
  started_at timestamptz NOT NULL DEFAULT now(),
  -- Watched time is counted up to here (the viewer's last heartbeat).
  counted_until timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('stopped', 'limit', 'no-time-left', 'idle')),
  PRIMARY KEY (customer_id, id)
);
CREATE INDEX live_camera_views_id_idx ON live_camera_views (id);
CREATE INDEX live_camera_views_open_idx ON live_camera_views (device_pk) WHERE ended_at IS NULL;
CREATE INDEX live_camera_views_customer_idx ON live_camera_views (customer_id, started_at DESC);
CREATE INDEX live_camera_views_vehicle_idx ON live_camera_views (vehicle_id, started_at DESC);
