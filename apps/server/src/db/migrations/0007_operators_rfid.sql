-- Operators (drivers), operator groups, RFID cards and their dated assignments (domain spec §3,
-- §4). Every table is a customer's: it carries customer_id, and references between them include
-- it, so an operator can only join a group, or hold a card, of its own company.

CREATE TABLE operator_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT operator_groups_customer_name_key UNIQUE (customer_id, name),
  CONSTRAINT operator_groups_customer_id_key UNIQUE (customer_id, id)
);

CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  operator_code text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  birth_date date NOT NULL,
  address text NOT NULL,
  license_number text NOT NULL,
  license_received_on date NOT NULL,
  license_valid_till date NOT NULL,
  license_location text NOT NULL,
  phone text NOT NULL,
  memos text[] NOT NULL DEFAULT '{}' CHECK (cardinality(memos) <= 4),
  icon text NOT NULL DEFAULT 'person',
  group_id uuid,
  -- Reported by the vehicles' devices; null until they have.
  safe_driving_seconds integer,
  total_uptime_seconds integer,
  last_operated_at timestamptz,
  random_video_enabled boolean NOT NULL DEFAULT false,
  random_video_days text[] NOT NULL DEFAULT '{}',
  random_video_per_week integer NOT NULL DEFAULT 1 CHECK (random_video_per_week BETWEEN 1 AND 7),
  random_video_minutes integer NOT NULL DEFAULT 1 CHECK (random_video_minutes BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT operators_customer_code_key UNIQUE (customer_id, operator_code),
  CONSTRAINT operators_customer_id_key UNIQUE (customer_id, id),
  -- A group with members cannot be deleted ("The group has users"): RESTRICT backs the check.
  CONSTRAINT operators_group_fk FOREIGN KEY (customer_id, group_id)
    REFERENCES operator_groups (customer_id, id) ON DELETE RESTRICT
);
CREATE INDEX operators_customer_idx ON operators (customer_id);
CREATE INDEX operators_group_idx ON operators (group_id);
CREATE INDEX operators_name_idx ON operators (lower(last_name), lower(first_name));

CREATE TABLE rfids (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  rfid text NOT NULL,
  owner text NOT NULL,
  group_id uuid NOT NULL,
  kitting_id text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rfids_customer_rfid_key UNIQUE (customer_id, rfid),
  CONSTRAINT rfids_customer_id_key UNIQUE (customer_id, id),
  CONSTRAINT rfids_group_fk FOREIGN KEY (customer_id, group_id)
    REFERENCES operator_groups (customer_id, id) ON DELETE RESTRICT
);
CREATE INDEX rfids_group_idx ON rfids (group_id);

-- One row per assignment; assigned_till is null while it lasts. Rows are never rewritten except
-- to close them, and outlive the operator (whose code and name they keep).
CREATE TABLE rfid_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  rfid_id uuid NOT NULL,
  operator_id uuid REFERENCES operators(id) ON DELETE SET NULL,
  operator_code text NOT NULL,
  operator_name text NOT NULL,
  assigned_from timestamptz NOT NULL DEFAULT now(),
  assigned_till timestamptz,
  assigned_by uuid REFERENCES users(id) ON DELETE SET NULL,
  removed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT rfid_assignments_rfid_fk FOREIGN KEY (customer_id, rfid_id)
    REFERENCES rfids (customer_id, id) ON DELETE CASCADE,
  CONSTRAINT rfid_assignments_dates_check CHECK (assigned_till IS NULL OR assigned_till >= assigned_from)
);
-- One card, one current operator; one operator, one current card.
CREATE UNIQUE INDEX rfid_assignments_current_rfid_key ON rfid_assignments (rfid_id) WHERE assigned_till IS NULL;
CREATE UNIQUE INDEX rfid_assignments_current_operator_key ON rfid_assignments (operator_id)
  WHERE assigned_till IS NULL;
CREATE INDEX rfid_assignments_rfid_idx ON rfid_assignments (rfid_id, assigned_from DESC);
