-- Ready for a distributed PostgreSQL (issue 17, point 4), the registries: every key of the
-- customers' registry tables whose identifiers are unique within a customer holds customer_id, and
-- every foreign key between them pairs it (docs/decisions/2026-11-26-distribution-keys.md).
-- None of these rows ever changes customer: vehicles, operators, groups, cards, roles, vendors and
-- models are created in their customer and stay there (no module writes customer_id after the
-- insert).
--
-- Devices, their cameras, SIMs and cases follow in 0044 (their identifiers are unique across the
-- product); users stay, with the reason in db/distribution.test.ts.

-- Foreign keys that name an operator, a vehicle or a vehicle group by id alone become pairs with
-- customer_id. A row pointing at another customer's operator or vehicle would break the pair; the
-- product never writes one, and any such link is let go (as deleting the operator would).
ALTER TABLE rfid_assignments DROP CONSTRAINT rfid_assignments_operator_id_fkey;
ALTER TABLE random_video_moments DROP CONSTRAINT random_video_moments_operator_id_fkey;
ALTER TABLE event_coaching_notes DROP CONSTRAINT event_coaching_notes_operator_id_fkey;
ALTER TABLE device_state_changes DROP CONSTRAINT device_state_changes_vehicle_id_fkey;
ALTER TABLE live_camera_views DROP CONSTRAINT live_camera_views_vehicle_id_fkey;
ALTER TABLE user_vehicle_groups DROP CONSTRAINT user_vehicle_groups_group_id_fkey;

UPDATE rfid_assignments x SET operator_id = NULL WHERE operator_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM operators o WHERE o.id = x.operator_id AND o.customer_id = x.customer_id);
DELETE FROM random_video_moments x
 WHERE NOT EXISTS (SELECT 1 FROM operators o WHERE o.id = x.operator_id AND o.customer_id = x.customer_id);
UPDATE event_coaching_notes x SET operator_id = NULL WHERE operator_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM operators o WHERE o.id = x.operator_id AND o.customer_id = x.customer_id);
UPDATE device_state_changes x SET vehicle_id = NULL WHERE vehicle_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM vehicles v WHERE v.id = x.vehicle_id AND v.customer_id = x.customer_id);
UPDATE live_camera_views x SET vehicle_id = NULL WHERE vehicle_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM vehicles v WHERE v.id = x.vehicle_id AND v.customer_id = x.customer_id);

-- A user's followed vehicle groups belong to the group's customer (a user of a parent company may
-- follow its children's groups).
SELECT distribution_add_customer('user_vehicle_groups', 'group_id', 'vehicle_groups');
ALTER TABLE user_vehicle_groups DROP CONSTRAINT user_vehicle_groups_pkey;
ALTER TABLE user_vehicle_groups ADD PRIMARY KEY (user_id, group_id, customer_id);

-- The registries keyed by id, with a second key (customer_id, id): (id, customer_id) becomes the
-- primary key (distribution_rekey, 0042).
SELECT distribution_rekey(t) FROM unnest(ARRAY['roles', 'manufacturers', 'vehicle_models', 'vehicle_groups',
                                                 'operator_groups', 'operators', 'rfids', 'vehicles']) AS t;

ALTER TABLE rfid_assignments ADD FOREIGN KEY (operator_id, customer_id)
  REFERENCES operators (id, customer_id) ON DELETE SET NULL (operator_id);
ALTER TABLE random_video_moments ADD FOREIGN KEY (operator_id, customer_id)
  REFERENCES operators (id, customer_id) ON DELETE CASCADE;
ALTER TABLE event_coaching_notes ADD FOREIGN KEY (operator_id, customer_id)
  REFERENCES operators (id, customer_id) ON DELETE SET NULL (operator_id);
ALTER TABLE device_state_changes ADD FOREIGN KEY (vehicle_id, customer_id)
  REFERENCES vehicles (id, customer_id) ON DELETE SET NULL (vehicle_id);
ALTER TABLE live_camera_views ADD FOREIGN KEY (vehicle_id, customer_id)
  REFERENCES vehicles (id, customer_id) ON DELETE SET NULL (vehicle_id);
ALTER TABLE user_vehicle_groups ADD FOREIGN KEY (group_id, customer_id)
  REFERENCES vehicle_groups (id, customer_id) ON DELETE CASCADE;

-- A model's name is unique per vendor, and a vendor is one customer's: the same rule with the
-- customer in the key.
ALTER TABLE vehicle_models DROP CONSTRAINT vehicle_models_manufacturer_name_key;
ALTER TABLE vehicle_models
  ADD CONSTRAINT vehicle_models_manufacturer_name_key UNIQUE (manufacturer_id, name, customer_id);

-- A card's current holder and an operator's current card: a card and an operator are one
-- customer's, so these stay the same rules.
ALTER TABLE rfid_assignments DROP CONSTRAINT rfid_assignments_pkey;
ALTER TABLE rfid_assignments ADD PRIMARY KEY (id, customer_id);
DROP INDEX rfid_assignments_current_rfid_key;
CREATE UNIQUE INDEX rfid_assignments_current_rfid_key ON rfid_assignments (rfid_id, customer_id)
  WHERE assigned_till IS NULL;
DROP INDEX rfid_assignments_current_operator_key;
CREATE UNIQUE INDEX rfid_assignments_current_operator_key ON rfid_assignments (operator_id, customer_id)
  WHERE assigned_till IS NULL;

-- Sign-in history, remembered browsers and their resets: a user's rows, in the user's customer.
ALTER TABLE login_history DROP CONSTRAINT login_history_pkey;
ALTER TABLE login_history ADD PRIMARY KEY (id, customer_id);
ALTER TABLE login_devices DROP CONSTRAINT login_devices_pkey;
ALTER TABLE login_devices ADD PRIMARY KEY (id, customer_id);
ALTER TABLE login_device_resets DROP CONSTRAINT login_device_resets_pkey;
ALTER TABLE login_device_resets ADD PRIMARY KEY (id, customer_id);

-- Files: object keys are made by the server, a random UUID in each (platform/objectKeys.ts).
ALTER TABLE files DROP CONSTRAINT files_pkey;
ALTER TABLE files ADD PRIMARY KEY (id, customer_id);
ALTER TABLE files DROP CONSTRAINT files_object_key_key;
ALTER TABLE files ADD CONSTRAINT files_object_key_key UNIQUE (object_key, customer_id);

-- Commands to a device: a device keeps its customer, so one open threshold write per device is
-- the same rule with the customer in the key.
ALTER TABLE device_commands DROP CONSTRAINT device_commands_pkey;
ALTER TABLE device_commands ADD PRIMARY KEY (id, customer_id);
DROP INDEX device_commands_open_write_key;
CREATE UNIQUE INDEX device_commands_open_write_key ON device_commands (device_pk, customer_id)
  WHERE type = 'threshold-write' AND status IN ('queued', 'sent', 'received');

-- A device's secret: its device's customer.
SELECT distribution_add_customer('device_credentials', 'device_pk', 'devices');
ALTER TABLE device_credentials DROP CONSTRAINT device_credentials_pkey;
ALTER TABLE device_credentials ADD PRIMARY KEY (device_pk, customer_id);
