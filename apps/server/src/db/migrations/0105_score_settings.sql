-- A customer's driving score settings (docs/decisions/2026-12-07-zones.md, "Breaches in the
-- scores"): which events beyond the harsh ones its scores count. A customer without a row counts
-- none (contracts SCORE_DEFAULT_SETTINGS, the same values as here).
CREATE TABLE score_settings (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  count_zone_breaches boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL
);
