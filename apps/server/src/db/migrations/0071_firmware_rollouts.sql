-- Firmware rollouts (schedule setting, immediate update): one firmware file to one customer's
-- devices in a window, in two stages, at a rate (modules/firmware/rollouts.ts; the timed job
-- `firmware-rollouts` moves them, from these rows alone, so a restart carries on). Each device's
-- row is its update: the log's totals and finished counts are counted from these rows.
CREATE TABLE firmware_rollouts (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  firmware_id uuid NOT NULL REFERENCES firmwares(id) ON DELETE RESTRICT,
  target text NOT NULL CHECK (target IN ('devices', 'groups')),
  group_ids uuid[] NOT NULL DEFAULT '{}',
  immediate boolean NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  time_zone text NOT NULL,
  first_stage_size integer NOT NULL CHECK (first_stage_size >= 1),
  success_threshold integer NOT NULL CHECK (success_threshold BETWEEN 0 AND 100),
  error_threshold integer NOT NULL CHECK (error_threshold BETWEEN 0 AND 100),
  error_action text NOT NULL CHECK (error_action IN ('pause', 'stop')),
  rate_per_minute integer NOT NULL CHECK (rate_per_minute BETWEEN 1 AND 1000),
  device_timeout_minutes integer NOT NULL CHECK (device_timeout_minutes BETWEEN 5 AND 1440),
  status text NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'running', 'paused', 'stopped', 'cancelled', 'finished')),
  stage integer NOT NULL DEFAULT 1 CHECK (stage IN (1, 2)),
  status_reason text,
  -- The last device notified: the rate's spacing starts from it.
  last_notified_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, id)
);
CREATE INDEX firmware_rollouts_active_idx ON firmware_rollouts (status, starts_at)
  WHERE status IN ('scheduled', 'running', 'cancelled', 'stopped', 'paused');
CREATE INDEX firmware_rollouts_firmware_idx ON firmware_rollouts (firmware_id);
CREATE INDEX firmware_rollouts_created_idx ON firmware_rollouts (created_at DESC);

CREATE TABLE firmware_rollout_devices (
  customer_id uuid NOT NULL,
  rollout_id uuid NOT NULL,
  device_pk uuid NOT NULL,
  stage integer NOT NULL CHECK (stage IN (1, 2)),
  -- The order devices are notified in, within the rollout.
  position integer NOT NULL,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'notified', 'downloading',
    'waiting-for-stop', 'installing', 'rebooted', 'succeeded', 'failed', 'timed-out', 'cancelled')),
  progress integer CHECK (progress BETWEEN 0 AND 100),
  from_version text,
  reported_version text,
  command_id uuid,
  error text,
  notified_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (customer_id, rollout_id, device_pk),
  FOREIGN KEY (customer_id, rollout_id) REFERENCES firmware_rollouts (customer_id, id) ON DELETE CASCADE,
  FOREIGN KEY (customer_id, device_pk) REFERENCES devices (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX firmware_rollout_devices_next_idx ON firmware_rollout_devices (rollout_id, status, position);
CREATE INDEX firmware_rollout_devices_device_idx ON firmware_rollout_devices (device_pk, updated_at DESC);
CREATE INDEX firmware_rollout_devices_command_idx ON firmware_rollout_devices (command_id);

-- Devices now also receive firmware updates.
ALTER TABLE device_commands DROP CONSTRAINT device_commands_type_check;
ALTER TABLE device_commands ADD CONSTRAINT device_commands_type_check
  CHECK (type IN ('threshold-read', 'threshold-write', 'video-upload', 'live-start', 'live-stop', 'firmware-update'));
