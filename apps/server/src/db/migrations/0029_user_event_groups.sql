-- The user payload's groups, event_groups and notify_event_based_on_groups (console spec §3):
-- whose events a user is notified of. With notify_event_based_on_groups on, a user is mailed only
-- the events of the vehicles of their groups (none chosen: every vehicle) and of their event
-- types (none chosen: every type); off, both lists are kept but not applied.
ALTER TABLE users
  ADD COLUMN event_groups text[] NOT NULL DEFAULT '{}',
  ADD COLUMN notify_event_based_on_groups boolean NOT NULL DEFAULT false;

-- The vehicle groups a user follows; gone with the user or the group.
CREATE TABLE user_vehicle_groups (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES vehicle_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, group_id)
);
CREATE INDEX user_vehicle_groups_group_idx ON user_vehicle_groups (group_id);
