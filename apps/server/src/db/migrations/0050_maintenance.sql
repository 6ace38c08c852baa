-- Maintenance (domain spec: Maintenance, Maintenance master item). A customer's master items name
-- the kinds of maintenance; a plan gives one its cycle (a value in operating hours, elapsed hours,
-- days, months or years), a warning time before it falls due and, beside a meter cycle, an
-- optional calendar cycle (due at whichever comes first). Vehicles are assigned to plans with a
-- comment and their last maintenance (time and hour meter); each recorded execution is kept.
-- Every key holds customer_id and every reference pairs it (db/distribution.test.ts): a plan never
-- points at another tenant's item or vehicle.

CREATE TABLE maintenance_items (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT maintenance_items_customer_name_key UNIQUE (customer_id, name),
  CONSTRAINT maintenance_items_pkey PRIMARY KEY (id, customer_id)
);

CREATE TABLE maintenances (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  item_id uuid NOT NULL,
  cycle_unit text NOT NULL CHECK (cycle_unit IN ('operating_hours', 'elapsed_hours', 'days', 'months', 'years')),
  cycle_value double precision NOT NULL CHECK (cycle_value > 0),
  warning_time double precision NOT NULL CHECK (warning_time > 0),
  warning_type text NOT NULL CHECK (warning_type IN ('operating_hours', 'elapsed_hours', 'days', 'months', 'years')),
  calendar_unit text CHECK (calendar_unit IN ('days', 'months', 'years')),
  calendar_value double precision CHECK (calendar_value > 0),
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT maintenances_calendar_check CHECK ((calendar_unit IS NULL) = (calendar_value IS NULL)),
  CONSTRAINT maintenances_pkey PRIMARY KEY (id, customer_id),
  -- An item that plans use is not deleted (code 400009).
  CONSTRAINT maintenances_item_fk FOREIGN KEY (item_id, customer_id)
    REFERENCES maintenance_items (id, customer_id) ON DELETE RESTRICT
);
CREATE INDEX maintenances_item_idx ON maintenances (customer_id, item_id);

-- A vehicle under a plan: its comment and the last maintenance the cycle counts from (time and
-- the vehicle's hour meter then; none: from when it was assigned).
CREATE TABLE maintenance_vehicles (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  maintenance_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  comment text NOT NULL DEFAULT '',
  last_maintenance_at timestamptz,
  last_hour_meter double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- "The vehicle is already added to the maintenance."
  CONSTRAINT maintenance_vehicles_key PRIMARY KEY (maintenance_id, vehicle_id, customer_id),
  -- "Maintenance with assigned vehicles cannot be deleted."
  CONSTRAINT maintenance_vehicles_maintenance_fk FOREIGN KEY (maintenance_id, customer_id)
    REFERENCES maintenances (id, customer_id) ON DELETE RESTRICT,
  CONSTRAINT maintenance_vehicles_vehicle_fk FOREIGN KEY (vehicle_id, customer_id)
    REFERENCES vehicles (id, customer_id) ON DELETE CASCADE
);
CREATE INDEX maintenance_vehicles_vehicle_idx ON maintenance_vehicles (customer_id, vehicle_id);

-- Every recorded maintenance, kept as history after the cycle is reset and after the vehicle
-- leaves the plan (who recorded it is kept by name too: users come and go).
CREATE TABLE maintenance_executions (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  maintenance_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  done_at timestamptz NOT NULL,
  hour_meter double precision,
  comment text NOT NULL DEFAULT '',
  recorded_by uuid,
  recorded_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT maintenance_executions_pkey PRIMARY KEY (id, customer_id),
  CONSTRAINT maintenance_executions_maintenance_fk FOREIGN KEY (maintenance_id, customer_id)
    REFERENCES maintenances (id, customer_id) ON DELETE CASCADE,
  CONSTRAINT maintenance_executions_vehicle_fk FOREIGN KEY (vehicle_id, customer_id)
    REFERENCES vehicles (id, customer_id) ON DELETE CASCADE
);
CREATE INDEX maintenance_executions_plan_vehicle_idx
  ON maintenance_executions (customer_id, maintenance_id, vehicle_id, done_at DESC);
