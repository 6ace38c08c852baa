-- The fuel summary's stored sums (docs/decisions/2026-12-07-fuel.md, "Stored sums"): summing
-- 395,000 readings and sharing each among its operators at every request took seconds, so the
-- figures it sums are kept where they change, in the transaction that changes them.
--
-- fuel_day_sums: each current reading's figures (one row a vehicle and day), narrow, without its
-- versions, authors and reasons, and the median L/h of the 90 days before it (moved here from
-- fuel_results, 0057: the medians are worked out from these rows). Written by the fuel repository
-- with every save, correction and CSV import, for the vehicle's days from the first one written.
CREATE TABLE fuel_day_sums (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  day date NOT NULL,
  previous_day date,
  received_l double precision NOT NULL CHECK (received_l >= 0),
  working_hours double precision CHECK (working_hours >= 0),
  consumption_l double precision CHECK (consumption_l >= 0),
  median_l_per_h double precision,
  PRIMARY KEY (customer_id, vehicle_id, day),
  CONSTRAINT fuel_day_sums_vehicle_fk FOREIGN KEY (customer_id, vehicle_id)
    REFERENCES vehicles (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX fuel_day_sums_day_idx ON fuel_day_sums (customer_id, day);

-- fuel_operator_parts: each reading's litres and hours shared among the operators signed on to
-- its vehicle over its UTC days (previous_day, day], by their operating seconds there
-- (operator_vehicle_day_figures). Written with the reading, and again when the figures job
-- changes one of its days' operator seconds (the fuel module's operatorDaysChanged). A report in
-- another time setting shares anew only the readings whose edge hours hold operator time (see
-- fuel_operated_days), so it reads these parts for all the others.
CREATE TABLE fuel_operator_parts (
  customer_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  day date NOT NULL,
  operator_id uuid NOT NULL,
  received_l double precision NOT NULL CHECK (received_l >= 0),
  working_hours double precision NOT NULL CHECK (working_hours >= 0),
  consumption_l double precision NOT NULL CHECK (consumption_l >= 0),
  PRIMARY KEY (customer_id, vehicle_id, day, operator_id),
  CONSTRAINT fuel_operator_parts_day_fk FOREIGN KEY (customer_id, vehicle_id, day)
    REFERENCES fuel_day_sums (customer_id, vehicle_id, day) ON DELETE CASCADE
);
CREATE INDEX fuel_operator_parts_day_idx ON fuel_operator_parts (customer_id, day);

-- fuel_operated_days: per vehicle and UTC day with operator time, its first hour holding any and
-- the hour after its last (0–24). A reading's parts in a time setting of k whole hours differ from
-- its UTC parts only if its edge days hold operator time in the k hours that change local day.
CREATE TABLE fuel_operated_days (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  day date NOT NULL,
  first_hour smallint NOT NULL CHECK (first_hour BETWEEN 0 AND 23),
  end_hour smallint NOT NULL CHECK (end_hour BETWEEN 1 AND 24),
  PRIMARY KEY (customer_id, vehicle_id, day)
);

-- The readings and operator days already stored, by the same rules as the fuel repository's
-- (sums.test.ts runs these statements again and holds them to what the write paths keep).
INSERT INTO fuel_day_sums (customer_id, vehicle_id, day, previous_day, received_l, working_hours, consumption_l)
SELECT customer_id, vehicle_id, day, previous_day, received_l, working_hours, consumption_l
  FROM fuel_results WHERE is_current;

-- The medians from these rows (90 days, 1 working hour, five readings: the contracts' FUEL_MEDIAN_DAYS,
-- FUEL_ANOMALY_MIN_HOURS, FUEL_MEDIAN_MIN_READINGS), as recomputeMedians works them out.
WITH w AS (
  SELECT customer_id, vehicle_id, day,
         array_agg(consumption_l / working_hours) FILTER (WHERE working_hours >= 1 AND consumption_l IS NOT NULL)
           OVER (PARTITION BY customer_id, vehicle_id ORDER BY day
                 RANGE BETWEEN make_interval(days => 90) PRECEDING AND '1 day' PRECEDING) AS rates
    FROM fuel_day_sums),
m AS (
  SELECT w.customer_id, w.vehicle_id, w.day,
         (SELECT CASE WHEN count(*) >= 5 THEN percentile_cont(0.5) WITHIN GROUP (ORDER BY x) END
            FROM unnest(w.rates) AS x) AS median
    FROM w)
UPDATE fuel_day_sums f SET median_l_per_h = m.median FROM m
 WHERE f.customer_id = m.customer_id AND f.vehicle_id = m.vehicle_id AND f.day = m.day AND m.median IS NOT NULL;

INSERT INTO fuel_operated_days (customer_id, vehicle_id, day, first_hour, end_hour)
SELECT o.customer_id, o.vehicle_id, o.day,
       min((SELECT count(*) FROM unnest(o.seconds_through) s WHERE s = 0)),
       max(1 + (SELECT count(*) FROM unnest(o.seconds_through) s WHERE s < o.seconds_through[24]))
  FROM operator_vehicle_day_figures o WHERE o.seconds_through[24] > 0
 GROUP BY o.customer_id, o.vehicle_id, o.day;

WITH s AS (
  SELECT r.customer_id, r.vehicle_id, r.day, o.operator_id, sum(o.seconds_through[24]) AS seconds
    FROM fuel_day_sums r CROSS JOIN LATERAL generate_series(1, r.day - r.previous_day) AS g(n)
    JOIN LATERAL (SELECT * FROM operator_vehicle_day_figures o WHERE o.customer_id = r.customer_id
                     AND o.vehicle_id = r.vehicle_id AND o.day = r.previous_day + g.n) o ON true
   GROUP BY r.customer_id, r.vehicle_id, r.day, o.operator_id),
t AS (
  SELECT s.*, s.seconds / sum(s.seconds) OVER (PARTITION BY s.customer_id, s.vehicle_id, s.day) AS part
    FROM s WHERE s.seconds > 0)
INSERT INTO fuel_operator_parts (customer_id, vehicle_id, day, operator_id, received_l, working_hours, consumption_l)
SELECT t.customer_id, t.vehicle_id, t.day, t.operator_id, r.received_l * t.part,
       coalesce(r.working_hours, 0) * t.part, coalesce(r.consumption_l, 0) * t.part
  FROM t JOIN fuel_day_sums r ON r.customer_id = t.customer_id AND r.vehicle_id = t.vehicle_id AND r.day = t.day;

ALTER TABLE fuel_results DROP COLUMN median_l_per_h;
