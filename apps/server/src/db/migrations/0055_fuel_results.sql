-- Fuel results (docs/decisions/2026-12-07-fuel.md): per vehicle and day the litres received, the
-- hour meter and the litres left in the tank, as a clerk enters them from the vehicle's log or a
-- CSV file. A correction is a new version of the day's reading (who and why kept), never an
-- overwrite; the current version of each (vehicle, day) is the one marked is_current, so reads
-- use the partial index and never rank versions.
--
-- working_hours and consumption_l are what follows from the current reading before
-- (previous_day): meter gained, and litres left before + received − left now. They are derived,
-- recomputed for the vehicle's later readings whenever a reading is saved (fuel repository), and
-- the rules refuse any reading that would make them negative, so a sum over them never can be.
CREATE TABLE fuel_results (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  vehicle_id uuid NOT NULL,
  day date NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  is_current boolean NOT NULL DEFAULT true,
  received_l double precision NOT NULL CHECK (received_l >= 0),
  hour_meter double precision NOT NULL CHECK (hour_meter >= 0),
  remaining_l double precision NOT NULL CHECK (remaining_l >= 0),
  previous_day date,
  working_hours double precision CHECK (working_hours >= 0),
  consumption_l double precision CHECK (consumption_l >= 0),
  -- Who entered this version; the name stays when the account is gone.
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  reason text NOT NULL DEFAULT '',
  source text NOT NULL CHECK (source IN ('entry', 'csv', 'demo')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, id),
  CONSTRAINT fuel_results_version_key UNIQUE (customer_id, vehicle_id, day, version),
  CONSTRAINT fuel_results_vehicle_fk FOREIGN KEY (customer_id, vehicle_id)
    REFERENCES vehicles (customer_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX fuel_results_current_idx ON fuel_results (customer_id, vehicle_id, day) WHERE is_current;
CREATE INDEX fuel_results_day_idx ON fuel_results (customer_id, day) WHERE is_current;
CREATE INDEX fuel_results_author_idx ON fuel_results (author_id);
