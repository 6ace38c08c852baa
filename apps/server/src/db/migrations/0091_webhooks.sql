-- A company's webhooks (docs/decisions/2026-12-07-webhooks.md): an http(s) address, the kinds of
-- happenings it receives, and its signing secret, sealed (AES-256-GCM, the key in server_secrets):
-- the server must read it to sign, so it cannot be hashed.
CREATE TABLE webhooks (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  url text NOT NULL,
  kinds text[] NOT NULL DEFAULT '{}',
  enabled boolean NOT NULL DEFAULT true,
  secret_sealed text NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, id),
  CONSTRAINT webhooks_customer_name_key UNIQUE (customer_id, name)
);

-- Each delivery: the body as signed (the same bytes on every try) and its state; each try with
-- the receiver's status code or why there was none. The queue's job (pg-boss) runs the tries.
CREATE TABLE webhook_deliveries (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL,
  webhook_id uuid NOT NULL,
  kind text NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'delivered', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, id),
  FOREIGN KEY (customer_id, webhook_id) REFERENCES webhooks (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (customer_id, webhook_id, created_at DESC);

CREATE TABLE webhook_attempts (
  customer_id uuid NOT NULL,
  delivery_id uuid NOT NULL,
  attempt integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  status integer,
  error text,
  PRIMARY KEY (customer_id, delivery_id, attempt),
  FOREIGN KEY (customer_id, delivery_id) REFERENCES webhook_deliveries (customer_id, id) ON DELETE CASCADE
);
