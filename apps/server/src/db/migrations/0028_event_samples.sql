-- The sensor readings a device sends with an event (g-forces, attitude, speed around the moment,
-- `samples` of the device protocol's event message): the timeline the event detail draws under
-- its videos. A table of their own, one row per event that has any, so the events table that the
-- lists scan keeps its narrow rows; gone with its event.
CREATE TABLE device_event_samples (
  event_id uuid PRIMARY KEY REFERENCES device_events(id) ON DELETE CASCADE,
  samples jsonb NOT NULL
);
