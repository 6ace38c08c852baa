-- Firmware files (domain spec "Firmware"): the provider's, for every customer's devices of one
-- device type, so a provider-wide table (a reference table under Citus). A row is made when an
-- upload starts ('uploading', its one-time address owned by the row's id in upload_slots), and
-- becomes 'uploaded' once the object arrived and was kept under a key of its own with its SHA-256
-- (platform/uploads.ts), or 'failed' when nothing arrived in time. The rows in every state are the
-- upload log; the uploaded ones the firmware list. One latest file per device type.
CREATE TABLE firmwares (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_name text NOT NULL,
  device_type text NOT NULL CHECK (device_type IN ('dv426', 'dv456')),
  version integer NOT NULL CHECK (version BETWEEN 0 AND 9999),
  build_date date NOT NULL,
  description text NOT NULL DEFAULT '',
  latest boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'uploaded', 'failed')),
  -- Where the upload address points until it is accepted; the kept object's key after.
  object_key text NOT NULL,
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes bigint CHECK (size_bytes >= 0),
  failure text,
  upload_expires_at timestamptz NOT NULL,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  registered_at timestamptz,
  CHECK ((status = 'uploaded') = (sha256 IS NOT NULL AND registered_at IS NOT NULL))
);
CREATE INDEX firmwares_created_idx ON firmwares (created_at DESC);
CREATE INDEX firmwares_type_version_idx ON firmwares (device_type, version) WHERE status = 'uploaded';
CREATE UNIQUE INDEX firmwares_one_latest_idx ON firmwares (device_type) WHERE latest AND status = 'uploaded';
