-- Reports (issue 15 item 4, modules/reports; domain spec "Report"): a chart template over its own
-- selection of operators, vehicles, vehicle groups and operator groups, and its own period. A
-- report belongs to its author's company; every user of the company who may read reports reads
-- it, each over what they may see (an id that names nothing the reader sees counts nothing, and
-- the report says how many it left out). `on_dashboard`: drawn as a card on the company's
-- dashboards. The template and period lists are the charts' (0038_dashboard_charts.sql).
CREATE TABLE reports (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  template text NOT NULL CHECK (template IN (
    'eventsPerType', 'operatingPerVehicle', 'utilisationPerVehicle', 'distancePerVehicle',
    'idlePerVehicle', 'scoreTrend', 'operatorRanking', 'vehiclesOnline')),
  period text NOT NULL CHECK (period IN (
    'today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'range')),
  range_start date,
  range_end date,
  operator_ids uuid[] NOT NULL DEFAULT '{}',
  vehicle_ids uuid[] NOT NULL DEFAULT '{}',
  group_ids uuid[] NOT NULL DEFAULT '{}',
  operator_group_ids uuid[] NOT NULL DEFAULT '{}',
  on_dashboard boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period <> 'range' OR (range_start IS NOT NULL AND range_end IS NOT NULL AND range_end >= range_start)),
  -- The company leads the key, as in every customer table (db/distribution.test.ts).
  PRIMARY KEY (customer_id, id)
);
CREATE INDEX reports_customer_name_idx ON reports (customer_id, lower(name));
CREATE INDEX reports_author_idx ON reports (author_id);
-- The dashboard's cards: a company's reports shown there.
CREATE INDEX reports_dashboard_idx ON reports (customer_id) WHERE on_dashboard;
