// Who is signed on where now, from the sign-ons the devices report: a vehicle's current operator
// is its latest sign-on when that is not a sign-off (a sign-off and a sign-on at one instant, a
// change of operator, leave the sign-on). A card is physically in one place, so an operator
// signed on to two vehicles at once means a missed sign-off or a copied card: the vehicle and
// operator answers show it (decision 2026-12-06-believable-demo-and-start.md) rather than leave
// the figures to attribute both vehicles' driving to one person unnoticed.

/** The latest sign-on row of the vehicle `alias`.id (operator_id, action), as a subquery. */
const latestOf = (alias: string) => `(SELECT s.operator_id, s.action FROM operator_sign_ons s
   WHERE s.vehicle_id = ${alias}.id ORDER BY s.time DESC, (s.action = 'sign-on') DESC LIMIT 1)`;

/** SQL: whether the operator signed on to vehicle `alias` is signed on to another vehicle of its company too. */
export function signedOnElsewhereSql(alias: string): string {
  return `EXISTS (
    SELECT 1 FROM ${latestOf(alias)} cur
      JOIN vehicles w ON w.customer_id = ${alias}.customer_id AND w.id <> ${alias}.id
      CROSS JOIN LATERAL ${latestOf('w')} other
     WHERE cur.action = 'sign-on' AND cur.operator_id IS NOT NULL
       AND other.action = 'sign-on' AND other.operator_id = cur.operator_id)`;
}

/** SQL: the vehicles (id, name) operator `alias` is signed on to now, as a JSON array. */
export function signedOnVehiclesSql(alias: string): string {
  return `(SELECT coalesce(json_agg(json_build_object('id', w.id, 'name', w.name) ORDER BY w.name), '[]'::json)
     FROM vehicles w CROSS JOIN LATERAL ${latestOf('w')} cur
    WHERE w.customer_id = ${alias}.customer_id AND cur.action = 'sign-on' AND cur.operator_id = ${alias}.id)`;
}
