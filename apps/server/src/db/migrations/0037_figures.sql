-- Figures (issue 15, item 1; docs/decisions/2026-11-26-figures.md): operating time, distance,
-- stops, idle time and events per type of each vehicle, and of each operator at each vehicle, per
-- UTC hour, day and month, so a chart over months reads these rows and never raw positions.
-- They are computed from raw data only, by modules/drive-summary/figures.repository.ts, the same
-- SQL for the rebuild (npm run figures:rebuild) and for the hours device data changed.
--
-- What changed is written down here, by triggers, in the transaction that changes it: the ingest,
-- an import, an event's exclusion or deletion. Each row of figures_dirty_hours is a (vehicle, UTC
-- hour) whose figures are to be computed again. Marks are only inserted, never upserted: a
-- transaction that recomputes takes the marks it sees (DELETE … RETURNING) and recomputes their
-- hours in the same transaction, so a mark written by a transaction that commits later stays for
-- the next round, and a recompute that fails puts its marks back.

CREATE TABLE figures_dirty_hours (
  customer_id uuid NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  vehicle_id uuid NOT NULL,
  hour timestamptz NOT NULL,
  PRIMARY KEY (customer_id, id)
);
CREATE INDEX figures_dirty_hours_vehicle_idx ON figures_dirty_hours (customer_id, vehicle_id, hour);

-- events: every event per type ({"Impact": 2}); excluded_events: those of them excluded from
-- scores (by hand or by a dismissal), per type. Seconds and metres as the drive summaries count them.
CREATE TABLE vehicle_hour_figures (
  customer_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  hour timestamptz NOT NULL,
  operating_seconds double precision NOT NULL DEFAULT 0,
  distance_m double precision NOT NULL DEFAULT 0,
  stops integer NOT NULL DEFAULT 0,
  idle_seconds double precision NOT NULL DEFAULT 0,
  events jsonb NOT NULL DEFAULT '{}',
  excluded_events jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (customer_id, vehicle_id, hour)
);

-- The sum of a vehicle's hours of one UTC day (day = its midnight UTC).
CREATE TABLE vehicle_day_figures (
  customer_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  day timestamptz NOT NULL,
  operating_seconds double precision NOT NULL DEFAULT 0,
  distance_m double precision NOT NULL DEFAULT 0,
  stops integer NOT NULL DEFAULT 0,
  idle_seconds double precision NOT NULL DEFAULT 0,
  events jsonb NOT NULL DEFAULT '{}',
  excluded_events jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (customer_id, vehicle_id, day)
);

-- The sum of a vehicle's days of one UTC month (month = its first midnight UTC): long totals.
CREATE TABLE vehicle_month_figures (
  customer_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  month timestamptz NOT NULL,
  operating_seconds double precision NOT NULL DEFAULT 0,
  distance_m double precision NOT NULL DEFAULT 0,
  stops integer NOT NULL DEFAULT 0,
  idle_seconds double precision NOT NULL DEFAULT 0,
  events jsonb NOT NULL DEFAULT '{}',
  excluded_events jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (customer_id, vehicle_id, month)
);

-- An operator's figures at one vehicle (while signed on there), per hour, day and month. Read by
-- operator; recomputed by vehicle (the second index).
CREATE TABLE operator_hour_figures (
  customer_id uuid NOT NULL,
  operator_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  hour timestamptz NOT NULL,
  operating_seconds double precision NOT NULL DEFAULT 0,
  distance_m double precision NOT NULL DEFAULT 0,
  stops integer NOT NULL DEFAULT 0,
  idle_seconds double precision NOT NULL DEFAULT 0,
  events jsonb NOT NULL DEFAULT '{}',
  excluded_events jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (customer_id, operator_id, hour, vehicle_id)
);
CREATE INDEX operator_hour_figures_vehicle_idx ON operator_hour_figures (customer_id, vehicle_id, hour);

CREATE TABLE operator_day_figures (
  customer_id uuid NOT NULL,
  operator_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  day timestamptz NOT NULL,
  operating_seconds double precision NOT NULL DEFAULT 0,
  distance_m double precision NOT NULL DEFAULT 0,
  stops integer NOT NULL DEFAULT 0,
  idle_seconds double precision NOT NULL DEFAULT 0,
  events jsonb NOT NULL DEFAULT '{}',
  excluded_events jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (customer_id, operator_id, day, vehicle_id)
);
CREATE INDEX operator_day_figures_vehicle_idx ON operator_day_figures (customer_id, vehicle_id, day);

CREATE TABLE operator_month_figures (
  customer_id uuid NOT NULL,
  operator_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  month timestamptz NOT NULL,
  operating_seconds double precision NOT NULL DEFAULT 0,
  distance_m double precision NOT NULL DEFAULT 0,
  stops integer NOT NULL DEFAULT 0,
  idle_seconds double precision NOT NULL DEFAULT 0,
  events jsonb NOT NULL DEFAULT '{}',
  excluded_events jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (customer_id, operator_id, month, vehicle_id)
);
CREATE INDEX operator_month_figures_vehicle_idx ON operator_month_figures (customer_id, vehicle_id, month);

-- Marks the (vehicle, hour)s given, unless a mark of it waits already and no settling transaction
-- holds it: that mark is then locked (FOR SHARE) until this transaction commits, so a settling
-- transaction that takes it afterwards sees this transaction's data. So a fleet's current hours
-- hold one mark each between two rounds of the job, not one per batch of positions.
CREATE FUNCTION figures_mark(customer_ids uuid[], vehicle_ids uuid[], hours timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO figures_dirty_hours (customer_id, vehicle_id, hour)
  SELECT x.customer_id, x.vehicle_id, x.hour
    FROM (SELECT DISTINCT * FROM unnest(customer_ids, vehicle_ids, hours) AS u(customer_id, vehicle_id, hour)
           WHERE vehicle_id IS NOT NULL) AS x
   WHERE NOT EXISTS (SELECT 1 FROM figures_dirty_hours d
                      WHERE d.customer_id = x.customer_id AND d.vehicle_id = x.vehicle_id AND d.hour = x.hour
                        FOR SHARE SKIP LOCKED)
   ORDER BY 1, 2, 3
$$;

-- The rows a statement added or removed are `changed`: each function serves an INSERT and a DELETE
-- trigger. A position at t changes the segment that begins at it (hour of t) and the one that ends
-- at it, which begins at most MAX_POSITION_GAP_S (300 s, contracts drive-summary) before t.
CREATE FUNCTION figures_mark_positions() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM figures_mark(array_agg(a.customer_id), array_agg(a.vehicle_id), array_agg(h.hour))
     FROM changed a
    CROSS JOIN LATERAL (VALUES (date_trunc('hour', a.time, 'UTC')),
                               (date_trunc('hour', a.time - interval '300 seconds', 'UTC'))) AS h(hour);
  RETURN NULL;
END $fn$;
CREATE TRIGGER device_positions_figures AFTER INSERT ON device_positions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION figures_mark_positions();
CREATE TRIGGER device_positions_removed_figures AFTER DELETE ON device_positions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION figures_mark_positions();

CREATE FUNCTION figures_mark_events() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM figures_mark(array_agg(a.customer_id), array_agg(a.vehicle_id),
                       array_agg(date_trunc('hour', a.time, 'UTC')))
     FROM changed a;
  RETURN NULL;
END $fn$;
CREATE TRIGGER device_events_figures AFTER INSERT ON device_events
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION figures_mark_events();
CREATE TRIGGER device_events_removed_figures AFTER DELETE ON device_events
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION figures_mark_events();

-- An event excluded or included again after the fact (event reviews, the event's edit).
CREATE FUNCTION figures_mark_event_exclusion() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM figures_mark(ARRAY[NEW.customer_id], ARRAY[NEW.vehicle_id], ARRAY[date_trunc('hour', NEW.time, 'UTC')]);
  RETURN NULL;
END $fn$;
CREATE TRIGGER device_events_exclusion_figures AFTER UPDATE OF excluded ON device_events
  FOR EACH ROW WHEN (OLD.excluded IS DISTINCT FROM NEW.excluded)
  EXECUTE FUNCTION figures_mark_event_exclusion();

-- A sign-on or sign-off at t (added or removed) ends the span of the vehicle's sign-on before it
-- and begins its own, until the vehicle's next sign-on or sign-off (or now): every hour from the
-- segment that may end at t to that moment changes for the operators.
CREATE FUNCTION figures_mark_sign_ons() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM figures_mark(array_agg(a.customer_id), array_agg(a.vehicle_id), array_agg(h.hour))
     FROM changed a
    CROSS JOIN LATERAL (
      SELECT coalesce((SELECT min(s.time) FROM operator_sign_ons s
                        WHERE s.vehicle_id = a.vehicle_id AND s.customer_id = a.customer_id AND s.time > a.time),
                      greatest(now(), a.time)) AS until) AS u
    CROSS JOIN LATERAL generate_series(date_trunc('hour', a.time - interval '300 seconds', 'UTC'),
                                       date_trunc('hour', u.until, 'UTC'), interval '1 hour') AS h(hour);
  RETURN NULL;
END $fn$;
CREATE TRIGGER operator_sign_ons_figures AFTER INSERT ON operator_sign_ons
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION figures_mark_sign_ons();
CREATE TRIGGER operator_sign_ons_removed_figures AFTER DELETE ON operator_sign_ons
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION figures_mark_sign_ons();

-- The sum of count maps ({"Impact": 2} and {"Impact": 1, "Overspeed": 1} make {"Impact": 3,
-- "Overspeed": 1}): how the hours' events add up to a day's.
CREATE FUNCTION figures_add_counts(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, total), '{}')
    FROM (SELECT key, sum(value::int) AS total
            FROM (SELECT * FROM jsonb_each_text(a) UNION ALL SELECT * FROM jsonb_each_text(b)) AS both_maps
           GROUP BY key) AS sums
$$;
CREATE AGGREGATE figures_counts(jsonb) (SFUNC = figures_add_counts, STYPE = jsonb, INITCOND = '{}');
