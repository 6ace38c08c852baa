-- Operators' signed-on seconds at a vehicle per UTC day, hour by hour as running sums
-- (docs/decisions/2026-12-07-fuel.md, "Figures"): the fuel summary's operator shares. A reading
-- spans local days of any time setting, and a local day of an offset of k whole hours (a part
-- hour places every UTC hour on the local day of its k whole hours) is the last k hours of one UTC
-- day and the first 24 - k of the next, so the row keeps the seconds through each hour:
-- seconds_through[i] is the sum of the hours 0 to i - 1 (1-based: [24] is the day's total).
-- Kept by computeFigures from operator_hour_figures, beside the other sums.
CREATE TABLE operator_vehicle_day_figures (
  customer_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  day date NOT NULL,
  operator_id uuid NOT NULL,
  seconds_through double precision[] NOT NULL,
  PRIMARY KEY (customer_id, vehicle_id, day, operator_id),
  CHECK (cardinality(seconds_through) = 24)
);
