-- Site safety zones (docs/decisions/2026-12-07-zones.md): a customer's areas on its site, each one
-- GeoJSON polygon in longitude/latitude with its rules (speed limit, no entry, dwell, hours),
-- checked by the server as positions arrive. A breach is a device event of type ZoneBreach whose
-- `details` name the zone and rule (device_events.details: null for the devices' own events).
CREATE TABLE zones (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pedestrian', 'speed', 'no-go', 'loading-dock')),
  polygon jsonb NOT NULL,
  rules jsonb NOT NULL DEFAULT '[]',
  time_zone text NOT NULL DEFAULT 'UTC',
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, id),
  CONSTRAINT zones_customer_name_key UNIQUE (customer_id, name)
);

ALTER TABLE device_events ADD COLUMN details jsonb;
