-- Pre-shift checks (docs/decisions/2026-12-07-pre-shift-checks.md): a customer's checklist per
-- vehicle type, the checks operators answer on a phone at the vehicle, and the lock a failed
-- critical item puts on the vehicle through the impact lock-out's table.

-- One checklist per customer and vehicle type; its items in order: [{text, critical}].
CREATE TABLE pre_shift_templates (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  vehicle_type text NOT NULL,
  items jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, id),
  CONSTRAINT pre_shift_templates_customer_type_key UNIQUE (customer_id, vehicle_type)
);

-- A check as answered: the items as they were asked with each answer ([{text, critical, passed,
-- note}]), who answered (kept by name too: operators come and go), and the operator's optional
-- photo, re-encoded as JPEG by the server (a few hundred KB: kept with the row, like site plans).
CREATE TABLE pre_shift_checks (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  vehicle_id uuid NOT NULL,
  operator_id uuid,
  operator_name text NOT NULL,
  done_at timestamptz NOT NULL DEFAULT now(),
  passed boolean NOT NULL,
  critical_failed boolean NOT NULL,
  items jsonb NOT NULL,
  photo bytea,
  PRIMARY KEY (customer_id, id),
  FOREIGN KEY (customer_id, vehicle_id) REFERENCES vehicles (customer_id, id) ON DELETE CASCADE,
  CHECK (NOT (passed AND critical_failed))
);
CREATE INDEX pre_shift_checks_vehicle_time_idx ON pre_shift_checks (customer_id, vehicle_id, done_at DESC);
CREATE INDEX pre_shift_checks_time_idx ON pre_shift_checks (customer_id, done_at DESC);

-- A lock now has a cause: an impact (its event and levels) or a failed pre-shift check.
ALTER TABLE vehicle_lockouts
  ADD COLUMN cause text NOT NULL DEFAULT 'impact' CHECK (cause IN ('impact', 'check')),
  ADD COLUMN check_id uuid,
  ALTER COLUMN event_id DROP NOT NULL,
  ALTER COLUMN impact_g DROP NOT NULL,
  ALTER COLUMN level_g DROP NOT NULL,
  ADD CONSTRAINT vehicle_lockouts_check_fk FOREIGN KEY (customer_id, check_id)
    REFERENCES pre_shift_checks (customer_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT vehicle_lockouts_cause_fields_check CHECK (
    CASE cause
      WHEN 'impact' THEN event_id IS NOT NULL AND impact_g IS NOT NULL AND level_g IS NOT NULL AND check_id IS NULL
      ELSE check_id IS NOT NULL AND event_id IS NULL
    END);
