-- The platform's first tables: the tenant tree (customers), custom roles, console users with
-- their sign-in state, the embedded identity provider's storage, and the notices the bell counts.
-- Every table a customer owns carries customer_id; its unique keys include it.

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  parent_id uuid REFERENCES customers(id) ON DELETE RESTRICT,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  stk_user text NOT NULL,
  realm text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- The provider's own company: its staff (admin, support, sales, kitting) belong to it.
  is_provider boolean NOT NULL DEFAULT false,
  document_url text,
  functions text[] NOT NULL DEFAULT '{}',
  download_types text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customers_stk_user_key UNIQUE (stk_user),
  CONSTRAINT customers_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE INDEX customers_parent_idx ON customers (parent_id);

CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  privileges text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT roles_customer_name_key UNIQUE (customer_id, name),
  CONSTRAINT roles_customer_id_key UNIQUE (customer_id, id)
);

-- Usernames and e-mail addresses are unique across the whole product (not per customer):
-- one sign-in page serves every customer, so the name alone must find the account.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE RESTRICT,
  role_id uuid,
  username text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  sys_role text NOT NULL CHECK (sys_role IN ('admin', 'support', 'sales', 'kitting', 'user')),
  is_manager boolean NOT NULL DEFAULT false,
  download_role text NOT NULL DEFAULT 'none' CHECK (download_role IN ('none', 'request', 'download')),
  enabled boolean NOT NULL DEFAULT true,
  password_hash text,
  failed_login_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  -- NULL means the configured default (LOGIN_DEVICE_LIMIT).
  login_device_limit integer CHECK (login_device_limit IS NULL OR login_device_limit > 0),
  opened_notification_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_username_key UNIQUE (username),
  CONSTRAINT users_email_key UNIQUE (email),
  CONSTRAINT users_customer_id_key UNIQUE (customer_id, id),
  -- A user's custom role must belong to the user's own customer.
  CONSTRAINT users_role_fk FOREIGN KEY (customer_id, role_id) REFERENCES roles (customer_id, id)
);
CREATE INDEX users_customer_idx ON users (customer_id);

-- Every sign-in attempt, successful or not (login history and error history).
CREATE TABLE login_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  succeeded boolean NOT NULL,
  reason text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (customer_id, user_id) REFERENCES users (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX login_history_user_idx ON login_history (user_id, created_at DESC);

-- The browsers (DEVICE_ID in local storage) a user is signed in from, counted against a limit.
CREATE TABLE login_devices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  device_id text NOT NULL,
  session_state text,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT login_devices_user_device_key UNIQUE (customer_id, user_id, device_id),
  FOREIGN KEY (customer_id, user_id) REFERENCES users (customer_id, id) ON DELETE CASCADE
);

-- Provider-published notices; is_publish_to_all or one row per destination customer.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title varchar(80) NOT NULL,
  description text NOT NULL,
  type text NOT NULL CHECK (type IN ('maintenance', 'disruption', 'manual', 'release', 'other')),
  is_publish_to_all boolean NOT NULL DEFAULT false,
  publish_date timestamptz NOT NULL,
  expire_date timestamptz NOT NULL,
  release_note_url_text text,
  release_note_url text,
  external_url_text text,
  external_url text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notifications_dates CHECK (expire_date > publish_date)
);
CREATE INDEX notifications_window_idx ON notifications (publish_date, expire_date);

CREATE TABLE notification_destinations (
  notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  PRIMARY KEY (notification_id, customer_id)
);
CREATE INDEX notification_destinations_customer_idx ON notification_destinations (customer_id);

CREATE TABLE manuals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  version text NOT NULL,
  file_key text NOT NULL,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Runtime errors the web app reports in production (the spec's error log).
CREATE TABLE error_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id uuid REFERENCES customers(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  error text NOT NULL,
  component text,
  info text,
  url text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The embedded OpenID provider's models (sessions, codes, grants, refresh tokens...).
CREATE TABLE oidc_payloads (
  kind text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (kind, id)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
CREATE INDEX oidc_payloads_expires_idx ON oidc_payloads (expires_at);

-- Secrets the server generates once and keeps (signing keys, cookie keys), so every replica and
-- every restart agrees on them.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
