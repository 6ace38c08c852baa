-- Impact lock-out (modules/lockouts): a vehicle group's lock-out level, in g as the devices'
-- impact threshold (null: off), and each lock of a vehicle after an impact with its unlock.

ALTER TABLE vehicle_groups
  ADD COLUMN lockout_impact_g double precision CHECK (lockout_impact_g BETWEEN 0.5 AND 16);

-- Devices now also lock and unlock their vehicles.
ALTER TABLE device_commands DROP CONSTRAINT device_commands_type_check;
ALTER TABLE device_commands ADD CONSTRAINT device_commands_type_check
  CHECK (type IN ('threshold-read', 'threshold-write', 'video-upload', 'live-start', 'live-stop', 'firmware-update',
                  'vehicle-lock', 'vehicle-unlock'));

-- One row per lock: the impact that caused it, the levels compared, the command that locked, and
-- once released who unlocked it, why, and the command that unlocked. The event's lock history.
CREATE TABLE vehicle_lockouts (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  event_id uuid NOT NULL,
  impact_g double precision NOT NULL,
  level_g double precision NOT NULL,
  locked_at timestamptz NOT NULL DEFAULT now(),
  lock_command_id uuid,
  unlocked_at timestamptz,
  unlocked_by uuid REFERENCES users(id) ON DELETE SET NULL,
  unlocked_by_name text,
  unlock_reason text CHECK (length(unlock_reason) BETWEEN 1 AND 500),
  unlock_command_id uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, id),
  FOREIGN KEY (customer_id, vehicle_id) REFERENCES vehicles (customer_id, id) ON DELETE CASCADE,
  FOREIGN KEY (event_id, customer_id) REFERENCES device_events (id, customer_id) ON DELETE CASCADE,
  FOREIGN KEY (lock_command_id, customer_id) REFERENCES device_commands (id, customer_id)
    ON DELETE SET NULL (lock_command_id),
  FOREIGN KEY (unlock_command_id, customer_id) REFERENCES device_commands (id, customer_id)
    ON DELETE SET NULL (unlock_command_id),
  CHECK ((unlocked_at IS NULL) = (unlock_reason IS NULL) AND (unlocked_at IS NULL) = (unlocked_by_name IS NULL))
);
-- A vehicle is locked once at a time: a second impact while locked adds no lock.
CREATE UNIQUE INDEX vehicle_lockouts_open_key ON vehicle_lockouts (customer_id, vehicle_id) WHERE unlocked_at IS NULL;
CREATE INDEX vehicle_lockouts_event_idx ON vehicle_lockouts (event_id);
