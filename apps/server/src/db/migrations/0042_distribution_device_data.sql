-- Ready for a distributed PostgreSQL (issue 17, point 4): the device data, the tables that grow
-- with the fleet, carry customer_id in their primary and unique keys, and their foreign keys to
-- one another pair it, so Citus can distribute them by customer_id, co-located
-- (docs/decisions/2026-11-26-distribution-keys.md, db/distribution.test.ts).
--
-- customer_id is appended to each key: the key's index still serves every lookup it served (by
-- an event's id, a device's positions in time), so no index is added and no plan changes.
--
-- Each row holds the customer of its device record at the time it was recorded (the ingestion
-- writes it). A device record keeps its customer once created (modules/devices refuses a change):
-- a unit handed to another customer is deleted at the first and registered anew at the second,
-- with a new device_pk, so its history stays with the first customer under the old one.

-- Two steps of this and the next two migrations (dropped at the end of 0044):
-- distribution_add_customer: a table without customer_id takes the one of the row it belongs to
-- (rows without one are orphans of a deleted parent and go).
CREATE FUNCTION distribution_add_customer(child text, link text, parent text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ADD COLUMN customer_id uuid', child);
  EXECUTE format('UPDATE %I c SET customer_id = p.customer_id FROM %I p WHERE p.id = c.%I', child, parent, link);
  EXECUTE format('DELETE FROM %I WHERE customer_id IS NULL', child);
  EXECUTE format('ALTER TABLE %I ALTER COLUMN customer_id SET NOT NULL', child);
END
$$;

-- distribution_rekey: a registry keyed by id with a second key (customer_id, id) for composite
-- foreign keys gets (id, customer_id) as its primary key, which serves lookups by id as before; the
-- second key goes, and the foreign keys on it are made again on the primary key.
CREATE FUNCTION distribution_rekey(t text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fk record;
  again text[] := '{}';
  statement text;
BEGIN
  FOR fk IN SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
              FROM pg_constraint WHERE contype = 'f' AND confrelid = t::regclass LOOP
    again := again || format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk.tbl, fk.conname, fk.def);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.tbl, fk.conname);
  END LOOP;
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_customer_id_key');
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_pkey');
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (id, customer_id)', t, t || '_pkey');
  FOREACH statement IN ARRAY again LOOP
    EXECUTE statement;
  END LOOP;
END
$$;

-- Positions: the deduplication key (the only key; the partitions inherit it).
ALTER TABLE device_positions DROP CONSTRAINT device_positions_message_key;
ALTER TABLE device_positions
  ADD CONSTRAINT device_positions_message_key UNIQUE (device_pk, time, message_id, customer_id);

-- The tables that point at an event let go of device_events' old key first.
ALTER TABLE device_event_samples DROP CONSTRAINT device_event_samples_event_id_fkey;
ALTER TABLE event_clips DROP CONSTRAINT event_clips_event_id_fkey;
ALTER TABLE event_views DROP CONSTRAINT event_views_event_id_fkey;
ALTER TABLE event_views DROP CONSTRAINT event_views_clip_id_fkey;
ALTER TABLE event_mails DROP CONSTRAINT event_mails_event_id_fkey;
ALTER TABLE event_coaching_notes DROP CONSTRAINT event_coaching_notes_event_id_fkey;
ALTER TABLE random_video_moments DROP CONSTRAINT random_video_moments_event_id_fkey;

ALTER TABLE device_events DROP CONSTRAINT device_events_pkey;
ALTER TABLE device_events ADD PRIMARY KEY (id, customer_id);
ALTER TABLE device_events DROP CONSTRAINT device_events_message_key;
ALTER TABLE device_events ADD CONSTRAINT device_events_message_key UNIQUE (device_pk, message_id, customer_id);

-- An event's sensor readings and its mails had no customer_id: they take their event's.
SELECT distribution_add_customer('device_event_samples', 'event_id', 'device_events');
ALTER TABLE device_event_samples DROP CONSTRAINT device_event_samples_pkey;
ALTER TABLE device_event_samples ADD PRIMARY KEY (event_id, customer_id);
ALTER TABLE device_event_samples ADD FOREIGN KEY (event_id, customer_id)
  REFERENCES device_events (id, customer_id) ON DELETE CASCADE;

SELECT distribution_add_customer('event_mails', 'event_id', 'device_events');
ALTER TABLE event_mails DROP CONSTRAINT event_mails_pkey;
ALTER TABLE event_mails ADD PRIMARY KEY (event_id, user_id, customer_id);
ALTER TABLE event_mails ADD FOREIGN KEY (event_id, customer_id)
  REFERENCES device_events (id, customer_id) ON DELETE CASCADE;

ALTER TABLE event_clips DROP CONSTRAINT event_clips_pkey;
ALTER TABLE event_clips ADD PRIMARY KEY (id, customer_id);
ALTER TABLE event_clips DROP CONSTRAINT event_clips_event_camera_key;
ALTER TABLE event_clips ADD CONSTRAINT event_clips_event_camera_key UNIQUE (event_id, camera, customer_id);
ALTER TABLE event_clips ADD FOREIGN KEY (event_id, customer_id)
  REFERENCES device_events (id, customer_id) ON DELETE CASCADE;

ALTER TABLE event_views DROP CONSTRAINT event_views_pkey;
ALTER TABLE event_views ADD PRIMARY KEY (id, customer_id);
ALTER TABLE event_views ADD FOREIGN KEY (event_id, customer_id)
  REFERENCES device_events (id, customer_id) ON DELETE CASCADE;
ALTER TABLE event_views ADD FOREIGN KEY (clip_id, customer_id)
  REFERENCES event_clips (id, customer_id) ON DELETE SET NULL (clip_id);

ALTER TABLE event_coaching_notes DROP CONSTRAINT event_coaching_notes_pkey;
ALTER TABLE event_coaching_notes ADD PRIMARY KEY (id, customer_id);
ALTER TABLE event_coaching_notes ADD FOREIGN KEY (event_id, customer_id)
  REFERENCES device_events (id, customer_id) ON DELETE CASCADE;

-- A random moment's event is one of its operator's customer; any other is let go.
UPDATE random_video_moments m SET event_id = NULL
 WHERE event_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM device_events e WHERE e.id = m.event_id AND e.customer_id = m.customer_id);
ALTER TABLE random_video_moments DROP CONSTRAINT random_video_moments_pkey;
ALTER TABLE random_video_moments ADD PRIMARY KEY (operator_id, week_start, slot, customer_id);
ALTER TABLE random_video_moments ADD FOREIGN KEY (event_id, customer_id)
  REFERENCES device_events (id, customer_id) ON DELETE SET NULL (event_id);

ALTER TABLE device_state_changes DROP CONSTRAINT device_state_changes_pkey;
ALTER TABLE device_state_changes ADD PRIMARY KEY (id, customer_id);

ALTER TABLE operator_sign_ons DROP CONSTRAINT operator_sign_ons_pkey;
ALTER TABLE operator_sign_ons ADD PRIMARY KEY (id, customer_id);
ALTER TABLE operator_sign_ons DROP CONSTRAINT operator_sign_ons_message_key;
ALTER TABLE operator_sign_ons ADD CONSTRAINT operator_sign_ons_message_key UNIQUE (device_pk, message_id, customer_id);

-- A device's current state: a device keeps its customer once created (modules/devices), so this
-- is still one row per device.
ALTER TABLE device_states DROP CONSTRAINT device_states_pkey;
ALTER TABLE device_states ADD PRIMARY KEY (device_pk, customer_id);
