-- The dashboard's charts (issue 15, modules/charts; domain spec "Dynamic chart"). A chart belongs
-- to its author's company and to its author: a private chart is the author's alone, a shared one
-- is seen by the company's users who hold the dashboard privilege (and by provider staff who see
-- the company). `position` orders the company's dashboard; the period fields are the spec's chart
-- periods or a range of the user's days. The selections are id arrays, read inside the reader's
-- scope (an id that names nothing the reader sees counts nothing).
CREATE TABLE charts (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  private boolean NOT NULL DEFAULT false,
  template text NOT NULL CHECK (template IN (
    'eventsPerType', 'operatingPerVehicle', 'utilisationPerVehicle', 'distancePerVehicle',
    'idlePerVehicle', 'scoreTrend', 'operatorRanking', 'vehiclesOnline')),
  width text NOT NULL DEFAULT 'md' CHECK (width IN ('xl', 'lg', 'md', 'sm', 'xs')),
  period text NOT NULL DEFAULT 'today' CHECK (period IN (
    'today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'range')),
  range_start date,
  range_end date,
  operator_ids uuid[] NOT NULL DEFAULT '{}',
  vehicle_ids uuid[] NOT NULL DEFAULT '{}',
  group_ids uuid[] NOT NULL DEFAULT '{}',
  name_prefix text NOT NULL DEFAULT '',
  name_suffix text NOT NULL DEFAULT '',
  realtime boolean NOT NULL DEFAULT false,
  batch_change boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period <> 'range' OR (range_start IS NOT NULL AND range_end IS NOT NULL AND range_end >= range_start)),
  -- The company leads the key, as in every customer table: a chart stays with its company's
  -- rows when the tables are spread over nodes by customer_id (db/distribution.test.ts).
  PRIMARY KEY (customer_id, id)
);
-- A dashboard: the company's charts in order (each reader's private ones filtered in the query).
CREATE INDEX charts_customer_position_idx ON charts (customer_id, position, created_at);
CREATE INDEX charts_owner_idx ON charts (owner_id);
