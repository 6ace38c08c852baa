-- The audit log of administrative changes (customers, roles, users, notices, and the modules that
-- follow): who changed what, for which customer, when, and the record before and after. Written by
-- platform/audit.ts in the same transaction as the change, so a change and its entry stand or fall
-- together. Entries outlive their actor and their record: the actor's name is kept as text.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_name text NOT NULL,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  entity text NOT NULL,
  entity_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, created_at DESC);
