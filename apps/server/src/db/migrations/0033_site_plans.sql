-- A customer's site plan (issue 14, modules/site-plans): drawn under the vehicles on every map.
-- One per customer: GeoJSON, or an image (base64, at most 2 MB, its type read from its bytes)
-- placed on the map by its four corners. Small enough to travel in the row and in the answer.
CREATE TABLE site_plans (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('geojson', 'image')),
  geojson jsonb,
  image_type text,
  image_data text,
  corners jsonb,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (kind = 'geojson' AND geojson IS NOT NULL AND image_data IS NULL)
    OR (kind = 'image' AND geojson IS NULL AND image_data IS NOT NULL AND image_type IS NOT NULL AND corners IS NOT NULL)
  )
);
