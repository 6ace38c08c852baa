-- Ready for a distributed PostgreSQL (issue 17, point 4): devices, their cameras, SIMs and cases.
-- Their identifiers are unique across the product (device id, camera id, SIM phone number, case
-- number), which a table distributed by customer_id cannot check by itself: each node sees its
-- own customers only. Each identifier is claimed in a provider-wide table of its own (a Citus
-- reference table, copied to every node), which a trigger fills in the same transaction as the
-- row; the claim's key carries the name the table's own unique key had, so a taken identifier is
-- refused exactly as before (409 on its field). The customers' tables keep a plain index on the
-- identifier for lookups (the device link finds a device by its device id).
-- (docs/decisions/2026-11-26-distribution-keys.md)

CREATE FUNCTION claim_identifier() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  claims text := TG_ARGV[0];
  col text := TG_ARGV[1];
  was text;
  now_is text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN was := to_jsonb(OLD) ->> col; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN now_is := to_jsonb(NEW) ->> col; END IF;
  IF was IS NOT DISTINCT FROM now_is THEN RETURN NULL; END IF;
  IF was IS NOT NULL THEN
    EXECUTE format('DELETE FROM %I WHERE value = $1', claims) USING was;
  END IF;
  IF now_is IS NOT NULL THEN
    EXECUTE format('INSERT INTO %I (value, customer_id) VALUES ($1, $2)', claims)
      USING now_is, (to_jsonb(NEW) ->> 'customer_id')::uuid;
  END IF;
  RETURN NULL;
END
$$;

-- The tables' own unique keys go (their names pass to the claims); a plain index stays.
ALTER TABLE devices DROP CONSTRAINT devices_device_id_key;
CREATE INDEX devices_device_id_idx ON devices (device_id);
ALTER TABLE sims DROP CONSTRAINT sims_phone_key;
CREATE INDEX sims_phone_idx ON sims (phone);
ALTER TABLE cases DROP CONSTRAINT cases_case_number_key;
CREATE INDEX cases_case_number_idx ON cases (case_number);

-- A device's cameras are its customer's.
SELECT distribution_add_customer('device_cameras', 'device_pk', 'devices');
ALTER TABLE device_cameras DROP CONSTRAINT device_cameras_camera_id_key;
CREATE INDEX device_cameras_camera_id_idx ON device_cameras (camera_id);

CREATE TABLE device_id_claims (
  value text NOT NULL,
  customer_id uuid NOT NULL,
  CONSTRAINT devices_device_id_key PRIMARY KEY (value)
);
CREATE TABLE camera_id_claims (
  value text NOT NULL,
  customer_id uuid NOT NULL,
  CONSTRAINT device_cameras_camera_id_key PRIMARY KEY (value)
);
CREATE TABLE sim_phone_claims (
  value text NOT NULL,
  customer_id uuid NOT NULL,
  CONSTRAINT sims_phone_key PRIMARY KEY (value)
);
CREATE TABLE case_number_claims (
  value text NOT NULL,
  customer_id uuid NOT NULL,
  CONSTRAINT cases_case_number_key PRIMARY KEY (value)
);

INSERT INTO device_id_claims SELECT device_id, customer_id FROM devices;
INSERT INTO camera_id_claims SELECT camera_id, customer_id FROM device_cameras;
INSERT INTO sim_phone_claims SELECT phone, customer_id FROM sims WHERE phone IS NOT NULL;
INSERT INTO case_number_claims SELECT case_number, customer_id FROM cases WHERE case_number IS NOT NULL;

CREATE TRIGGER devices_claim_device_id AFTER INSERT OR DELETE OR UPDATE OF device_id ON devices
  FOR EACH ROW EXECUTE FUNCTION claim_identifier('device_id_claims', 'device_id');
CREATE TRIGGER device_cameras_claim_camera_id AFTER INSERT OR DELETE OR UPDATE OF camera_id ON device_cameras
  FOR EACH ROW EXECUTE FUNCTION claim_identifier('camera_id_claims', 'camera_id');
CREATE TRIGGER sims_claim_phone AFTER INSERT OR DELETE OR UPDATE OF phone ON sims
  FOR EACH ROW EXECUTE FUNCTION claim_identifier('sim_phone_claims', 'phone');
CREATE TRIGGER cases_claim_case_number AFTER INSERT OR DELETE OR UPDATE OF case_number ON cases
  FOR EACH ROW EXECUTE FUNCTION claim_identifier('case_number_claims', 'case_number');

-- Every foreign key that names a device by id alone becomes a pair with customer_id (a device keeps
-- its customer once created, so its rows are all of that customer).
ALTER TABLE device_cameras DROP CONSTRAINT device_cameras_device_pk_fkey;
ALTER TABLE device_credentials DROP CONSTRAINT device_credentials_device_pk_fkey;
ALTER TABLE device_states DROP CONSTRAINT device_states_device_pk_fkey;
ALTER TABLE device_commands DROP CONSTRAINT device_commands_device_pk_fkey;
ALTER TABLE device_state_changes DROP CONSTRAINT device_state_changes_device_pk_fkey;
ALTER TABLE live_streams DROP CONSTRAINT live_streams_device_pk_fkey;
ALTER TABLE live_camera_views DROP CONSTRAINT live_camera_views_device_pk_fkey;

-- The same step as 0043's for the registries (distribution_rekey, 0042).
SELECT distribution_rekey(t) FROM unnest(ARRAY['cases', 'sims', 'devices']) AS t;

-- One device per vehicle and per SIM: a vehicle and a SIM are one customer's, and so is the device
-- pointing at them (their foreign keys pair customer_id), so these stay the same rules.
ALTER TABLE devices DROP CONSTRAINT devices_vehicle_key;
ALTER TABLE devices ADD CONSTRAINT devices_vehicle_key UNIQUE (vehicle_id, customer_id);
ALTER TABLE devices DROP CONSTRAINT devices_sim_key;
ALTER TABLE devices ADD CONSTRAINT devices_sim_key UNIQUE (sim_id, customer_id);

ALTER TABLE device_cameras DROP CONSTRAINT device_cameras_pkey;
ALTER TABLE device_cameras ADD PRIMARY KEY (device_pk, position, customer_id);
ALTER TABLE device_cameras ADD FOREIGN KEY (device_pk, customer_id)
  REFERENCES devices (id, customer_id) ON DELETE CASCADE;
ALTER TABLE device_credentials ADD FOREIGN KEY (device_pk, customer_id)
  REFERENCES devices (id, customer_id) ON DELETE CASCADE;
DELETE FROM device_states s WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = s.device_pk AND d.customer_id = s.customer_id);
ALTER TABLE device_states ADD FOREIGN KEY (device_pk, customer_id)
  REFERENCES devices (id, customer_id) ON DELETE CASCADE;
ALTER TABLE device_commands ADD FOREIGN KEY (device_pk, customer_id)
  REFERENCES devices (id, customer_id) ON DELETE CASCADE;
ALTER TABLE device_state_changes ADD FOREIGN KEY (device_pk, customer_id)
  REFERENCES devices (id, customer_id) ON DELETE CASCADE;
ALTER TABLE live_streams ADD FOREIGN KEY (device_pk, customer_id)
  REFERENCES devices (id, customer_id) ON DELETE CASCADE;
UPDATE live_camera_views x SET device_pk = NULL WHERE device_pk IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = x.device_pk AND d.customer_id = x.customer_id);
ALTER TABLE live_camera_views ADD FOREIGN KEY (device_pk, customer_id)
  REFERENCES devices (id, customer_id) ON DELETE SET NULL (device_pk);

DROP FUNCTION distribution_add_customer(text, text, text);
DROP FUNCTION distribution_rekey(text);
