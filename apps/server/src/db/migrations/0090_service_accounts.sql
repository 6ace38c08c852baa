-- A company's service accounts (docs/decisions/2026-12-07-service-accounts.md): the
-- realm's confidential clients for the client-credentials grant. The client id is `svc-<id>`; the
-- secret is kept only as its SHA-256 (a random 256-bit secret needs no slow hash). The account acts
-- on behalf of its creator, and goes with them.
CREATE TABLE service_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  privileges text[] NOT NULL DEFAULT '{}',
  secret_hash text NOT NULL,
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT service_accounts_customer_name_key UNIQUE (customer_id, name),
  CONSTRAINT service_accounts_customer_id_key UNIQUE (customer_id, id)
);
