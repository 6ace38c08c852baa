-- State history (issue 5): every change of a device's connection (online/offline, at the time the
-- server saw it) and motion (running/stopping, at the device's time), with the vehicle the device
-- was in then, so a vehicle's day can be read back (GET /vehicles/{id}/state-history) and the lists
-- can say since when a vehicle is in its state.
--
-- Written by the device link (modules/device-link/repository.ts) in the statement that changes
-- device_states. A row is added when the state differs from the one before it at that time, so a
-- resent or repeated report adds nothing; two writers racing may still leave two equal rows in a
-- row, which the reading folds into one.
CREATE TABLE device_state_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_pk uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- The vehicle at that time; a deleted vehicle's rows stay with the device.
  vehicle_id uuid REFERENCES vehicles(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('connection', 'motion')),
  state text NOT NULL CHECK (
    (kind = 'connection' AND state IN ('online', 'offline'))
    OR (kind = 'motion' AND state IN ('running', 'stopping'))
  ),
  time timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
-- One vehicle's period (the vehicle details' history), one device's (the "previous state" check).
CREATE INDEX device_state_changes_vehicle_time_idx ON device_state_changes (vehicle_id, time);
CREATE INDEX device_state_changes_device_time_idx ON device_state_changes (device_pk, kind, time);

-- motion_at is the newest motion report; the lists show since when the motion is what it is.
ALTER TABLE device_states ADD COLUMN motion_changed_at timestamptz;
UPDATE device_states SET motion_changed_at = motion_at WHERE motion IS NOT NULL;

-- The lists filter by state (online, offline, running, stopping) within a customer.
CREATE INDEX device_states_customer_online_idx ON device_states (customer_id, online, motion);
