-- Devices, their cameras, cases (kitting batches) and SIM cards (domain spec §3, §4, §5, §8).
-- Every reference between customer-owned rows goes through (customer_id, id), so a device can
-- only point at a vehicle, group, case or SIM of its own customer.
-- Uniqueness is product-wide where one value names one thing in the field: a device id names one
-- box (the device link authenticates by it), a camera id one camera, a phone number one SIM, and a
-- case number one kitting batch of the provider.

CREATE TABLE cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  case_number text NOT NULL,
  devices_needed integer NOT NULL CHECK (devices_needed BETWEEN 1 AND 10),
  rfid boolean NOT NULL DEFAULT false,
  panic_button_values integer[] NOT NULL DEFAULT '{}',
  card_reader boolean NOT NULL DEFAULT false,
  sim boolean NOT NULL DEFAULT false,
  exposed_to_kitting boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cases_case_number_key UNIQUE (case_number),
  CONSTRAINT cases_customer_id_key UNIQUE (customer_id, id)
);
CREATE INDEX cases_customer_idx ON cases (customer_id);

-- A SIM's carrier state: status is what the carrier confirmed; pending_action is a change asked
-- and not yet answered (requested_at says when). The carrier step (server modules/cases/carrier.ts)
-- completes it: status becomes the action's target and pending_action is cleared. While
-- pending_action is set the SIM refuses other changes (codes 106400050 / 106400051).
CREATE TABLE sims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL,
  case_id uuid NOT NULL,
  phone text NOT NULL,
  apn text NOT NULL DEFAULT '',
  user_id text NOT NULL DEFAULT '',
  -- AES-256-GCM sealed with the server secret 'sim-password-key'; never answered to a caller.
  password_sealed text,
  status text NOT NULL DEFAULT 'inactive' CHECK (status IN ('inactive', 'active', 'suspended')),
  pending_action text CHECK (pending_action IN ('activate', 'suspend', 'reactivate')),
  requested_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sims_phone_key UNIQUE (phone),
  CONSTRAINT sims_customer_id_key UNIQUE (customer_id, id),
  CONSTRAINT sims_case_fk FOREIGN KEY (customer_id, case_id) REFERENCES cases (customer_id, id) ON DELETE CASCADE,
  CONSTRAINT sims_pending_has_time CHECK ((pending_action IS NULL) = (requested_at IS NULL))
);
CREATE INDEX sims_case_idx ON sims (case_id);
CREATE INDEX sims_pending_idx ON sims (requested_at) WHERE pending_action IS NOT NULL;

CREATE TABLE devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  device_id text NOT NULL CHECK (device_id ~ '^[0-9]{1,20}$'),
  plate_number text CHECK (plate_number ~ '^[0-9]{1,20}$'),
  device_type text NOT NULL CHECK (device_type IN ('dv426', 'dv456')),
  kitting_id uuid,
  vehicle_id uuid,
  channel_number integer NOT NULL CHECK (channel_number BETWEEN 1 AND 4),
  group_id uuid,
  icon text NOT NULL DEFAULT 'blue',
  firmware text,
  sim_id uuid,
  -- Thresholds in G, durations in milliseconds (ranges checked by the contracts).
  acceleration_threshold double precision NOT NULL,
  acceleration_duration integer NOT NULL,
  deceleration_threshold double precision NOT NULL,
  deceleration_duration integer NOT NULL,
  impact_threshold double precision NOT NULL,
  impact_duration integer NOT NULL,
  quick_handle_threshold double precision NOT NULL,
  quick_handle_duration integer NOT NULL,
  -- Where the thresholds stand with the device (spec §4): a change made here is 'change-reserved'
  -- until the device link sends it ('change-sent') and the device confirms ('sending-completed').
  threshold_state text CHECK (threshold_state IN
    ('reading-requested', 'reading-completed', 'change-reserved', 'change-sent', 'sending-completed')),
  installation_direction text NOT NULL DEFAULT 'front' CHECK (installation_direction IN ('left', 'front')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT devices_device_id_key UNIQUE (device_id),
  CONSTRAINT devices_customer_id_key UNIQUE (customer_id, id),
  -- One device per vehicle, one device per SIM.
  CONSTRAINT devices_vehicle_key UNIQUE (vehicle_id),
  CONSTRAINT devices_sim_key UNIQUE (sim_id),
  CONSTRAINT devices_vehicle_fk FOREIGN KEY (customer_id, vehicle_id)
    REFERENCES vehicles (customer_id, id) ON DELETE SET NULL (vehicle_id),
  CONSTRAINT devices_group_fk FOREIGN KEY (customer_id, group_id)
    REFERENCES vehicle_groups (customer_id, id) ON DELETE SET NULL (group_id),
  CONSTRAINT devices_case_fk FOREIGN KEY (customer_id, kitting_id)
    REFERENCES cases (customer_id, id) ON DELETE SET NULL (kitting_id),
  CONSTRAINT devices_sim_fk FOREIGN KEY (customer_id, sim_id)
    REFERENCES sims (customer_id, id) ON DELETE SET NULL (sim_id)
);
CREATE INDEX devices_customer_idx ON devices (customer_id, device_id);
CREATE INDEX devices_kitting_idx ON devices (kitting_id);

CREATE TABLE device_cameras (
  device_pk uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position BETWEEN 1 AND 4),
  camera_id text NOT NULL,
  rotation text NOT NULL DEFAULT 'normal' CHECK (rotation IN ('normal', 'right90', 'left90', 'rotate180')),
  PRIMARY KEY (device_pk, position),
  CONSTRAINT device_cameras_camera_id_key UNIQUE (camera_id)
);
