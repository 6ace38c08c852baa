-- The vehicle registry of domain spec §3: vehicle vendors (manufacturers), the vehicle master
-- (models), vehicle groups and vehicles. All four are owned by a customer; every reference between
-- them goes through (customer_id, id), so a vehicle can never point at another tenant's group,
-- vendor or model. Other tables (devices) reference vehicles and groups the same way.
-- Sizes are millimetres, weights kilograms, volumes litres, hour meters hours.

CREATE TABLE manufacturers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT manufacturers_customer_name_key UNIQUE (customer_id, name),
  CONSTRAINT manufacturers_customer_id_key UNIQUE (customer_id, id)
);

CREATE TABLE vehicle_models (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  manufacturer_id uuid NOT NULL,
  name text NOT NULL,
  series_name text NOT NULL,
  model_name text NOT NULL,
  power_type text CHECK (power_type IN ('battery', 'diesel', 'gasoline', 'lpg', 'cng', 'hybrid', 'other')),
  structure text NOT NULL DEFAULT '',
  engine_model text NOT NULL DEFAULT '',
  rated_load_kg double precision CHECK (rated_load_kg >= 0),
  fork_length_mm double precision CHECK (fork_length_mm >= 0),
  fork_width_mm double precision CHECK (fork_width_mm >= 0),
  standard_lift_mm double precision CHECK (standard_lift_mm >= 0),
  maximum_lift_mm double precision CHECK (maximum_lift_mm >= 0),
  battery_voltage_v double precision CHECK (battery_voltage_v >= 0),
  battery_capacity_ah double precision CHECK (battery_capacity_ah >= 0),
  fuel_tank_l double precision CHECK (fuel_tank_l >= 0),
  body_weight_kg double precision CHECK (body_weight_kg >= 0),
  body_length_mm double precision CHECK (body_length_mm >= 0),
  body_width_mm double precision CHECK (body_width_mm >= 0),
  head_guard_height_mm double precision CHECK (head_guard_height_mm >= 0),
  min_turning_radius_mm double precision CHECK (min_turning_radius_mm >= 0),
  load_center_mm double precision CHECK (load_center_mm >= 0),
  front_tire_size text NOT NULL DEFAULT '',
  rear_tire_size text NOT NULL DEFAULT '',
  remarks text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vehicle_models_manufacturer_name_key UNIQUE (manufacturer_id, name),
  CONSTRAINT vehicle_models_customer_id_key UNIQUE (customer_id, id),
  CONSTRAINT vehicle_models_manufacturer_fk FOREIGN KEY (customer_id, manufacturer_id)
    REFERENCES manufacturers (customer_id, id) ON DELETE RESTRICT
);
CREATE INDEX vehicle_models_customer_idx ON vehicle_models (customer_id, lower(name));

CREATE TABLE vehicle_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vehicle_groups_customer_name_key UNIQUE (customer_id, name),
  CONSTRAINT vehicle_groups_customer_id_key UNIQUE (customer_id, id)
);

CREATE TABLE vehicles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  introduce_date date NOT NULL,
  -- Written when a device's thresholds change (devices feature), shown read-only.
  last_threshold_update_at timestamptz,
  group_id uuid,
  manufacturer_id uuid,
  model_id uuid,
  series text NOT NULL DEFAULT '',
  power_type text CHECK (power_type IN ('battery', 'diesel', 'gasoline', 'lpg', 'cng', 'hybrid', 'other')),
  structure text NOT NULL DEFAULT '',
  weight_kg double precision CHECK (weight_kg >= 0),
  fork_length_mm double precision CHECK (fork_length_mm >= 0),
  standard_lift_mm double precision CHECK (standard_lift_mm >= 0),
  maximum_lift_mm double precision CHECK (maximum_lift_mm >= 0),
  battery_voltage_v double precision CHECK (battery_voltage_v >= 0),
  battery_capacity_ah double precision CHECK (battery_capacity_ah >= 0),
  initial_hour_meter double precision NOT NULL DEFAULT 0 CHECK (initial_hour_meter >= 0),
  -- May be negative: it corrects the meter in either direction.
  hour_meter_correction double precision NOT NULL DEFAULT 0,
  installation_type text NOT NULL DEFAULT 'none'
    CHECK (installation_type IN ('none', 'assets', 'leases', 'rental')),
  key_number text NOT NULL DEFAULT '',
  installation_location text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  -- Operating hours accumulated from the device's reports (telemetry); 0 until it reports.
  cumulative_uptime_hours double precision NOT NULL DEFAULT 0 CHECK (cumulative_uptime_hours >= 0),
  maintenance_mode boolean NOT NULL DEFAULT false,
  serial_number text NOT NULL DEFAULT '',
  fuel_capacity_l double precision CHECK (fuel_capacity_l >= 0),
  engine_type text NOT NULL DEFAULT '',
  vehicle_type text NOT NULL DEFAULT 'counter' CHECK (vehicle_type IN (
    'bulldozer', 'bus', 'counter', 'crane', 'excavator_car', 'reach', 'reach_stacker',
    'straddle_carrier', 'towing_tractor', 'truck', 'wheel_loader')),
  icon text NOT NULL DEFAULT 'a' CHECK (icon IN ('a', 'b')),
  rated_output double precision CHECK (rated_output >= 0),
  rated_output_unit text NOT NULL DEFAULT 'kw' CHECK (rated_output_unit IN ('kw', 'ps', 'hp')),
  kitting_id text NOT NULL DEFAULT '',
  -- Written by position reports (telemetry), shown read-only.
  last_latitude double precision,
  last_longitude double precision,
  last_position_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vehicles_customer_name_key UNIQUE (customer_id, name),
  CONSTRAINT vehicles_customer_id_key UNIQUE (customer_id, id),
  -- RESTRICT backs the rule "cannot delete a group that has vehicles" (the service checks first
  -- and answers with the spec's message).
  CONSTRAINT vehicles_group_fk FOREIGN KEY (customer_id, group_id)
    REFERENCES vehicle_groups (customer_id, id) ON DELETE RESTRICT,
  CONSTRAINT vehicles_manufacturer_fk FOREIGN KEY (customer_id, manufacturer_id)
    REFERENCES manufacturers (customer_id, id) ON DELETE RESTRICT,
  CONSTRAINT vehicles_model_fk FOREIGN KEY (customer_id, model_id)
    REFERENCES vehicle_models (customer_id, id) ON DELETE RESTRICT
);
CREATE INDEX vehicles_customer_name_idx ON vehicles (customer_id, lower(name));
CREATE INDEX vehicles_group_idx ON vehicles (group_id);
CREATE INDEX vehicles_manufacturer_idx ON vehicles (manufacturer_id);
CREATE INDEX vehicles_model_idx ON vehicles (model_id);
