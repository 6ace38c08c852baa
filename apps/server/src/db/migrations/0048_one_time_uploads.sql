-- One-time upload addresses (platform/uploads.ts): each signed PUT address names an object key of
-- its own, recorded here with who asked for it (`owner_id`: a video-upload command; firmware files
-- later). The local store's upload route takes a slot with a conditional update (`used_at`), so a
-- second PUT to the address, concurrent or later, is refused; the owner's check accepts one slot's
-- object (`accepted_at`) and copies it under a key no address ever named. Rows are swept, their
-- objects with them, a day after the address expired. The servers' own bookkeeping, with no
-- customer (a firmware upload has none): kept on the coordinator, like the logs.
CREATE TABLE upload_slots (
  object_key text PRIMARY KEY,
  owner_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  accepted_at timestamptz
);
CREATE INDEX upload_slots_owner_idx ON upload_slots (owner_id, created_at DESC);
CREATE INDEX upload_slots_expiry_idx ON upload_slots (expires_at);

-- The SHA-256 (hex) of a checked clip's object, read when it was accepted; playing or downloading
-- the clip reads it again and refuses an object that no longer matches. NULL: checked before this.
ALTER TABLE event_clips ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
