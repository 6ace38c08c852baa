-- Each assignment's state (ok, warning, due, overdue), kept by the maintenance evaluation
-- (modules/maintenances/evaluation.ts) so that lists read it without computing, and the hour
-- meter it is computed from, checked: a reading that runs backwards or gains more than 24 hours a
-- day is kept aside (maintenance_meter_rejects) and not applied.

ALTER TABLE maintenance_vehicles
  ADD COLUMN state text NOT NULL DEFAULT 'ok' CHECK (state IN ('ok', 'warning', 'due', 'overdue')),
  ADD COLUMN hours_left double precision,
  ADD COLUMN due_at timestamptz,
  ADD COLUMN evaluated_at timestamptz,
  -- The state the last notice went out for: a vehicle is mailed once as it enters its warning.
  ADD COLUMN notified_state text;
CREATE INDEX maintenance_vehicles_state_idx ON maintenance_vehicles (customer_id, state);

-- The last applied device hour meter reading of each vehicle under a plan (its checked hour meter
-- is the vehicle's initial hour meter + correction + this), the first one for the average hours a
-- day, and the time of the last reading looked at (applied or kept aside).
CREATE TABLE maintenance_meters (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  meter double precision NOT NULL,
  read_at timestamptz NOT NULL,
  first_meter double precision NOT NULL,
  first_at timestamptz NOT NULL,
  checked_at timestamptz NOT NULL,
  CONSTRAINT maintenance_meters_pkey PRIMARY KEY (vehicle_id, customer_id),
  CONSTRAINT maintenance_meters_vehicle_fk FOREIGN KEY (vehicle_id, customer_id)
    REFERENCES vehicles (id, customer_id) ON DELETE CASCADE
);

CREATE TABLE maintenance_meter_rejects (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  meter double precision NOT NULL,
  read_at timestamptz NOT NULL,
  applied_meter double precision NOT NULL,
  applied_at timestamptz NOT NULL,
  problem text NOT NULL CHECK (problem IN ('backwards', 'too_fast')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT maintenance_meter_rejects_pkey PRIMARY KEY (id, customer_id),
  CONSTRAINT maintenance_meter_rejects_reading_key UNIQUE (vehicle_id, read_at, customer_id),
  CONSTRAINT maintenance_meter_rejects_vehicle_fk FOREIGN KEY (vehicle_id, customer_id)
    REFERENCES vehicles (id, customer_id) ON DELETE CASCADE
);
