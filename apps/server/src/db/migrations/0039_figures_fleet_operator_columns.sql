-- Figures that answer a dashboard of 13 months of a 1,000-vehicle fleet in under 200 ms (issue 15;
-- docs/decisions/2026-11-26-figures.md, "Fleet rows, operator rows, event columns"):
--
-- 1. Event counts in columns, one pair per device event type (events_<type>, excluded_<type>, the
--    type in snake case: SuddenDeceleration → events_sudden_deceleration), instead of two jsonb
--    count maps: summing a column costs a fraction of looking a key up in a map, row by row.
--    The types are DEVICE_EVENT_TYPES (contracts device-link/messages.ts), in its order; the
--    ingest takes no others. A new type adds its pair in a migration (figures.test.ts checks the
--    columns against the list).
-- 2. Operators' days and months per operator (the sum over the vehicles they drove), no longer
--    per operator and vehicle: a 13-month score read is one row per operator and month. Hours stay
--    per operator and vehicle: they are what the computation writes and what the days sum.
-- 3. Fleet rows: fleet_hour_figures, fleet_day_figures, fleet_month_figures, the sums of every
--    vehicle of a customer per UTC hour, day and month, so a chart of the whole fleet reads one
--    row per bucket. They count every vehicle that has figures, one since deleted too.
--
-- All of them are sums, recomputed by figures.repository.ts computeFigures from the hours it
-- computes (the same job, settling and rebuild as before); here they are filled from what is
-- stored.

DO $$
DECLARE
  types text[] := ARRAY['Manual', 'Time', 'Motion', 'Speed', 'Gsensor', 'Temperature', 'Alarm', 'Button', 'RFID',
                        'Accelerate', 'Deceleration', 'TurnAngle', 'TurnGyroscope', 'Impact', 'TurnLeft', 'TurnRight',
                        'clip', 'SuddenTurn', 'Random', 'SuddenAcceleration', 'SuddenDeceleration'];
  t text;
  add_columns text;
  fill text;
BEGIN
  SELECT string_agg(format('ADD COLUMN %I integer NOT NULL DEFAULT 0, ADD COLUMN %I integer NOT NULL DEFAULT 0',
                           'events_' || c, 'excluded_' || c), ', '),
         string_agg(format('%I = coalesce((events ->> %L)::int, 0), %I = coalesce((excluded_events ->> %L)::int, 0)',
                           'events_' || c, x, 'excluded_' || c, x), ', ')
    INTO add_columns, fill
    FROM unnest(types) AS u(x)
   CROSS JOIN LATERAL (SELECT lower(regexp_replace(x, '([a-z])([A-Z])', '\1_\2', 'g')) AS c) AS s;
  FOREACH t IN ARRAY ARRAY['vehicle_hour_figures', 'vehicle_day_figures', 'vehicle_month_figures',
                           'operator_hour_figures'] LOOP
    EXECUTE format('ALTER TABLE %I %s', t, add_columns);
    EXECUTE format('UPDATE %I SET %s WHERE events <> ''{}'' OR excluded_events <> ''{}''', t, fill);
    EXECUTE format('ALTER TABLE %I DROP COLUMN events, DROP COLUMN excluded_events', t);
  END LOOP;
END $$;

DROP AGGREGATE figures_counts(jsonb);
DROP FUNCTION figures_add_counts(jsonb, jsonb);

-- Operators' days and months, per operator; fleet hours, days and months, per customer. The
-- columns are those of the vehicle rows (LIKE), the vehicle's key replaced.
DROP TABLE operator_day_figures;
DROP TABLE operator_month_figures;
CREATE TABLE operator_day_figures (LIKE vehicle_day_figures INCLUDING DEFAULTS);
ALTER TABLE operator_day_figures RENAME COLUMN vehicle_id TO operator_id;
ALTER TABLE operator_day_figures ADD PRIMARY KEY (customer_id, operator_id, day);
CREATE INDEX operator_day_figures_customer_day_idx ON operator_day_figures (customer_id, day);
CREATE TABLE operator_month_figures (LIKE vehicle_month_figures INCLUDING DEFAULTS);
ALTER TABLE operator_month_figures RENAME COLUMN vehicle_id TO operator_id;
ALTER TABLE operator_month_figures ADD PRIMARY KEY (customer_id, operator_id, month);
CREATE INDEX operator_month_figures_customer_month_idx ON operator_month_figures (customer_id, month);

CREATE TABLE fleet_hour_figures (LIKE vehicle_hour_figures INCLUDING DEFAULTS);
ALTER TABLE fleet_hour_figures DROP COLUMN vehicle_id;
ALTER TABLE fleet_hour_figures ADD PRIMARY KEY (customer_id, hour);
CREATE TABLE fleet_day_figures (LIKE vehicle_day_figures INCLUDING DEFAULTS);
ALTER TABLE fleet_day_figures DROP COLUMN vehicle_id;
ALTER TABLE fleet_day_figures ADD PRIMARY KEY (customer_id, day);
CREATE TABLE fleet_month_figures (LIKE vehicle_month_figures INCLUDING DEFAULTS);
ALTER TABLE fleet_month_figures DROP COLUMN vehicle_id;
ALTER TABLE fleet_month_figures ADD PRIMARY KEY (customer_id, month);

-- A fleet hour is recomputed from its vehicles' rows of that hour; a read of every vehicle or
-- operator of a customer (the score lists, a chart of the whole fleet per vehicle) reads a period's
-- rows by time rather than member by member (figures-read.repository.ts).
CREATE INDEX vehicle_hour_figures_customer_hour_idx ON vehicle_hour_figures (customer_id, hour);
CREATE INDEX vehicle_day_figures_customer_day_idx ON vehicle_day_figures (customer_id, day);
CREATE INDEX vehicle_month_figures_customer_month_idx ON vehicle_month_figures (customer_id, month);
CREATE INDEX operator_hour_figures_customer_hour_idx ON operator_hour_figures (customer_id, hour);

-- Filled from the stored hours, as computeFigures sums them.
DO $$
DECLARE
  cols text;
  sums text;
BEGIN
  SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position),
         string_agg(format('sum(%I)', column_name), ', ' ORDER BY ordinal_position)
    INTO cols, sums
    FROM information_schema.columns
   WHERE table_schema = current_schema() AND table_name = 'fleet_hour_figures'
     AND column_name NOT IN ('customer_id', 'hour');
  EXECUTE format('INSERT INTO operator_day_figures (customer_id, operator_id, day, %s)
                  SELECT customer_id, operator_id, date_trunc(''day'', hour, ''UTC''), %s
                    FROM operator_hour_figures GROUP BY 1, 2, 3', cols, sums);
  EXECUTE format('INSERT INTO operator_month_figures (customer_id, operator_id, month, %s)
                  SELECT customer_id, operator_id, date_trunc(''month'', day, ''UTC''), %s
                    FROM operator_day_figures GROUP BY 1, 2, 3', cols, sums);
  EXECUTE format('INSERT INTO fleet_hour_figures (customer_id, hour, %s)
                  SELECT customer_id, hour, %s FROM vehicle_hour_figures GROUP BY 1, 2', cols, sums);
  EXECUTE format('INSERT INTO fleet_day_figures (customer_id, day, %s)
                  SELECT customer_id, date_trunc(''day'', hour, ''UTC''), %s FROM fleet_hour_figures GROUP BY 1, 2',
                 cols, sums);
  EXECUTE format('INSERT INTO fleet_month_figures (customer_id, month, %s)
                  SELECT customer_id, date_trunc(''month'', day, ''UTC''), %s FROM fleet_day_figures GROUP BY 1, 2',
                 cols, sums);
END $$;
