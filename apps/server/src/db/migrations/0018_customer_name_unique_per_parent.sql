-- Two companies under the same parent (or two top-level companies) may not share a name, compared
-- without regard to case: a picker lists names only, and "Harbor" beside "HARBOR" tells nobody
-- which is which (docs/decisions/2026-11-26-customer-names-unique.md).
--
-- A database may already hold such twins. The migration must not fail on one, and no company may
-- be lost or merged: the oldest keeps its name and each later twin gets its STK user (unique
-- product-wide) added, "Harbor (harbor2)", cut to the form's 100 characters. Should a sibling
-- carry that name already, the company's id is added instead, which no other name can be.
WITH twins AS (
  SELECT id, row_number() OVER (PARTITION BY parent_id, lower(name) ORDER BY created_at, id) AS n,
         left(name, greatest(0, 97 - length(stk_user))) || ' (' || stk_user || ')' AS renamed
    FROM customers
)
UPDATE customers c
   SET name = CASE
         WHEN EXISTS (SELECT 1 FROM customers s
                       WHERE s.parent_id IS NOT DISTINCT FROM c.parent_id AND lower(s.name) = lower(t.renamed))
         THEN left(c.name, 61) || ' (' || c.id::text || ')'
         ELSE t.renamed
       END,
       updated_at = now()
  FROM twins t
 WHERE t.id = c.id AND t.n > 1;

-- Two renamed twins could still meet (STK users that differ only in case, from before the
-- lowercase rule): the later one takes its id as well, so the index below always builds.
WITH twins AS (
  SELECT id, row_number() OVER (PARTITION BY parent_id, lower(name) ORDER BY created_at, id) AS n
    FROM customers
)
UPDATE customers c
   SET name = left(c.name, 61) || ' (' || c.id::text || ')', updated_at = now()
  FROM twins t
 WHERE t.id = c.id AND t.n > 1;

-- NULLS NOT DISTINCT: the top-level companies (parent_id NULL) are siblings of each other too.
CREATE UNIQUE INDEX customers_parent_name_key ON customers (parent_id, lower(name)) NULLS NOT DISTINCT;
