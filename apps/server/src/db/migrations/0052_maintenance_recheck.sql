-- The maintenance evaluation looks again only at what may have changed: each assignment keeps the
-- hour meter and the time at which its state changes next (recheck_meter, recheck_at), so a meter
-- batch evaluates the few assignments whose vehicle crossed one, not every assignment of every
-- vehicle that moved. The hours left are no longer stored (they moved with every reading): the
-- meter the cycle ends at is (due_meter), the lists subtract the vehicle's checked meter from it.
-- Each vehicle keeps the lowest of its assignments' recheck meters beside its applied reading, so
-- a batch finds the vehicles that crossed one from their readings alone (none: nothing to look at
-- again by the meter; a vehicle with no row yet is looked at).
-- The state's rank is stored beside the state for the lists' "worst first" order, from indexes.

ALTER TABLE maintenance_vehicles
  DROP COLUMN hours_left,
  ADD COLUMN due_meter double precision,
  ADD COLUMN recheck_meter double precision,
  ADD COLUMN recheck_at timestamptz,
  ADD COLUMN state_rank smallint NOT NULL
    GENERATED ALWAYS AS (CASE state WHEN 'ok' THEN 0 WHEN 'warning' THEN 1 WHEN 'due' THEN 2 ELSE 3 END) STORED;

ALTER TABLE maintenance_meters ADD COLUMN recheck_meter double precision;

-- Every assignment is evaluated again once, to fill the new columns.
UPDATE maintenance_vehicles SET evaluated_at = NULL;

DROP INDEX maintenance_vehicles_state_idx;
CREATE INDEX maintenance_vehicles_plan_worst_idx
  ON maintenance_vehicles (maintenance_id, state_rank DESC NULLS LAST, due_at DESC NULLS LAST, vehicle_id);
-- Those needing attention, worst first: in the list's order (a scan on a customer list, = ANY,
-- cannot keep an index's order), with the customer to filter on; and per customer, to count.
CREATE INDEX maintenance_vehicles_attention_idx
  ON maintenance_vehicles (state_rank DESC NULLS LAST, due_at DESC NULLS LAST, vehicle_id, customer_id)
  WHERE state <> 'ok';
CREATE INDEX maintenance_vehicles_attention_customer_idx ON maintenance_vehicles (customer_id)
  WHERE state <> 'ok';
CREATE INDEX maintenance_vehicles_recheck_at_idx ON maintenance_vehicles (recheck_at);
CREATE INDEX maintenance_vehicles_unevaluated_idx ON maintenance_vehicles (customer_id) WHERE evaluated_at IS NULL;
