-- The event list over two or more types reads one ordered scan per (customer, type) and merges
-- them (docs/decisions/2026-11-26-events-and-clips.md, "The list at 10 million events"). The list
-- is ordered by (time, id); without the id the index gave the time order only, so each branch read
-- and sorted its whole period. With it, each branch stops after about a page of rows.
CREATE INDEX device_events_customer_type_time_id_idx ON device_events (customer_id, type, time DESC, id DESC);
DROP INDEX device_events_customer_type_time_idx;
