-- Release notes (provider-wide), manual versions and customers' files. File contents live in
-- object storage under a key the server generates; the rows keep the facts and that key.

CREATE TABLE release_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  version text NOT NULL,
  note text NOT NULL,
  release_date date NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The user menu shows the latest by date.
CREATE INDEX release_notes_date_idx ON release_notes (release_date DESC, created_at DESC);

-- Manuals existed (0001) with their key and name; versions now say how big and who uploaded.
ALTER TABLE manuals
  ADD COLUMN size_bytes bigint NOT NULL DEFAULT 0,
  ADD COLUMN created_by uuid REFERENCES users(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX manuals_file_key_key ON manuals (file_key);

CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The uploaded file's own name, shown and offered on download only; never part of a path.
  file_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('pdf', 'png', 'jpeg', 'gif', 'webp', 'text', 'xlsx', 'docx')),
  size_bytes bigint NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  object_key text NOT NULL UNIQUE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_customer_idx ON files (customer_id, updated_at DESC);
