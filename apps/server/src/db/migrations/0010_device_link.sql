-- The device link (docs/device-protocol.md): device credentials for the MQTT broker, what devices
-- send (positions, events, operator sign-ons, states), commands to devices, and the messages the
-- ingestion refused (dead letters). Devices are 0006's `devices`; rows here point at its `id`
-- (device_pk) so a device keeps its history when its device id is corrected.
-- Every row a device sends carries (device_pk, message_id) as its idempotency key: a message that
-- arrives twice (a resend after a lost acknowledgement) is stored once.

-- One secret per device. Secrets are 256 random bits, so a SHA-256 of them cannot be guessed back
-- and is cheap to check when a thousand devices reconnect at once (a password hash such as scrypt
-- protects low-entropy secrets, which these are not).
CREATE TABLE device_credentials (
  device_pk uuid PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  secret_sha256 text NOT NULL,
  rotated_at timestamptz NOT NULL DEFAULT now(),
  rotated_by uuid REFERENCES users(id) ON DELETE SET NULL
);

-- Positions: years of them. Partitioned by month on the device's time (partitions are created
-- ahead by the server, modules/device-link/partitions.ts); rows outside every month partition land
-- in the default one. PostgreSQL requires the partition key in a unique key, so the idempotency
-- key is (device_pk, time, message_id): a resend repeats the message's id and its time.
CREATE TABLE device_positions (
  device_pk uuid NOT NULL,
  message_id text NOT NULL,
  customer_id uuid NOT NULL,
  vehicle_id uuid,
  time timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  speed real NOT NULL,
  direction real NOT NULL,
  altitude real,
  satellites smallint,
  hdop real,
  CONSTRAINT device_positions_message_key UNIQUE (device_pk, time, message_id)
) PARTITION BY RANGE (time);
CREATE TABLE device_positions_default PARTITION OF device_positions DEFAULT;
-- One vehicle's day (the vehicle map, the drive route, the drive summaries).
CREATE INDEX device_positions_vehicle_time_idx ON device_positions (vehicle_id, time);

-- What a device is doing now: one row per device, kept current by the ingestion.
CREATE TABLE device_states (
  device_pk uuid PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  online boolean NOT NULL DEFAULT false,
  connection_changed_at timestamptz,
  motion text CHECK (motion IN ('running', 'stopping')),
  motion_at timestamptz,
  hour_meter double precision,
  hour_meter_at timestamptz,
  firmware text,
  rfid text,
  operator_id uuid,
  signed_on_at timestamptz,
  position_time timestamptz,
  lat double precision,
  lng double precision,
  speed real,
  direction real,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_states_customer_idx ON device_states (customer_id);

-- Events as the device reports them (domain spec §3 Event: type, time, position, g-forces,
-- attitude, speed, direction, operator, cameras). Review fields (tag, comment, viewers) belong to
-- the event screens.
CREATE TABLE device_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  device_pk uuid NOT NULL,
  message_id text NOT NULL,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  vehicle_id uuid,
  rfid text,
  operator_id uuid,
  time timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  speed real NOT NULL,
  direction real NOT NULL,
  gx real NOT NULL,
  gy real NOT NULL,
  gz real NOT NULL,
  roll real NOT NULL,
  pitch real NOT NULL,
  yaw real NOT NULL,
  cameras smallint NOT NULL CHECK (cameras BETWEEN 0 AND 4),
  camera_ids text[] NOT NULL DEFAULT '{}',
  CONSTRAINT device_events_message_key UNIQUE (device_pk, message_id)
);
CREATE INDEX device_events_customer_time_idx ON device_events (customer_id, time DESC);
CREATE INDEX device_events_vehicle_time_idx ON device_events (vehicle_id, time);

-- Operators signing on and off at a vehicle with their RFID card; operator_id is the card's
-- operator at that time (null for a card the customer has not registered).
CREATE TABLE operator_sign_ons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  device_pk uuid NOT NULL,
  message_id text NOT NULL,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  vehicle_id uuid,
  action text NOT NULL CHECK (action IN ('sign-on', 'sign-off')),
  rfid text NOT NULL,
  operator_id uuid,
  time timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT operator_sign_ons_message_key UNIQUE (device_pk, message_id)
);
CREATE INDEX operator_sign_ons_operator_time_idx ON operator_sign_ons (operator_id, time);
CREATE INDEX operator_sign_ons_vehicle_time_idx ON operator_sign_ons (vehicle_id, time);

-- Commands to devices: queued while the device is away, sent when it is connected, then
-- acknowledged by the device (received, completed or failed).
CREATE TABLE device_commands (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  device_pk uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('threshold-read', 'threshold-write')),
  params jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'received', 'completed', 'failed')),
  result jsonb,
  error text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  acknowledged_at timestamptz
);
CREATE INDEX device_commands_open_idx ON device_commands (device_pk, created_at)
  WHERE status IN ('queued', 'sent');

-- Messages the ingestion refused, with why: invalid, oversized, unknown topic. Only the first
-- 4 KB of a payload is kept. Provider admins read them; they are never retried automatically.
CREATE TABLE dead_letters (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  device_id text,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  topic text NOT NULL,
  reason text NOT NULL,
  detail text[] NOT NULL DEFAULT '{}',
  size integer NOT NULL,
  payload text NOT NULL
);
CREATE INDEX dead_letters_received_idx ON dead_letters (received_at DESC);
