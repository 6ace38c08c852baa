-- The event list's vehicle-group filter (docs/decisions/2026-11-26-events-and-clips.md, "The list
-- at 10 million events"): the bounded count read each of the group's vehicles' events by
-- (vehicle_id, time) and then its row for the customer and the type, one random read per event.
-- Starting with the customer and carrying the type, this index answers the count of a group (with
-- or without types) from the index alone, each vehicle's period one range of it.
CREATE INDEX device_events_customer_vehicle_time_idx ON device_events (customer_id, vehicle_id, time DESC) INCLUDE (type);
