-- The limits a customer's tachograph days are marked against (docs/decisions/2026-12-07-digital-tachograph.md):
-- a speed limit, the longest driving without a break, and how long a break must be. A customer
-- without a row has the defaults (contracts TACHOGRAPH_DEFAULT_LIMITS, the same values as here).
CREATE TABLE tachograph_limits (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  speed_limit_kmh real NOT NULL DEFAULT 20 CHECK (speed_limit_kmh > 0 AND speed_limit_kmh <= 400),
  max_continuous_driving_minutes integer NOT NULL DEFAULT 270
    CHECK (max_continuous_driving_minutes BETWEEN 1 AND 1440),
  min_break_minutes integer NOT NULL DEFAULT 45 CHECK (min_break_minutes BETWEEN 1 AND 1440),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL
);
