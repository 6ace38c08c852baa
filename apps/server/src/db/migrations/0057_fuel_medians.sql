-- Each current fuel reading keeps the median litres per working hour of its vehicle's current
-- readings of the 90 days before it (those of at least 1 working hour; null with fewer than five),
-- the yardstick its own figure is judged against (docs/decisions/2026-12-07-fuel.md, "Unusual
-- figures"). Derived like working_hours: the fuel repository works it out again for a vehicle's
-- readings from the first day a save touches, so the report reads the unusual readings of a
-- period from the period's rows alone instead of judging 13 months of history at each request.
ALTER TABLE fuel_results ADD COLUMN median_l_per_h double precision;

-- The readings already stored, by the same rule as the repository's recomputeMedians.
WITH m AS (
  SELECT f.customer_id, f.id,
         (SELECT CASE WHEN count(*) >= 5 THEN percentile_cont(0.5) WITHIN GROUP (ORDER BY b.consumption_l / b.working_hours) END
            FROM fuel_results b
           WHERE b.customer_id = f.customer_id AND b.vehicle_id = f.vehicle_id AND b.is_current
             AND b.day >= f.day - 90 AND b.day < f.day AND b.working_hours >= 1 AND b.consumption_l IS NOT NULL) AS median
    FROM fuel_results f WHERE f.is_current)
UPDATE fuel_results f SET median_l_per_h = m.median FROM m
 WHERE f.customer_id = m.customer_id AND f.id = m.id AND m.median IS NOT NULL;
