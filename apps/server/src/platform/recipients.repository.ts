// Who a customer's notice mails may go to: the enabled users of the customer and of the customers
// above it (a parent sees its children's vehicles), of an enabled company, signed in as a user
// whose role reads what the notice is about. Each kind of notice adds its own conditions (its
// notification flag, its groups, what was mailed already).

/**
 * The SELECT of `u.id, u.email` of such users for customer $1, with `conditions` (SQL over `u`, its
 * role `r`, from code) and `privilege` in the role; the caller adds its own ANDs and ORDER BY.
 */
export const recipientsSql = (conditions: string, privilege: string) => `WITH RECURSIVE above AS (
       SELECT id, parent_id FROM customers WHERE id = $1
       UNION ALL SELECT c.id, c.parent_id FROM customers c JOIN above a ON c.id = a.parent_id
     )
     SELECT u.id, u.email FROM users u
       JOIN customers uc ON uc.id = u.customer_id AND uc.enabled
       JOIN roles r ON r.id = u.role_id AND r.customer_id = u.customer_id
      WHERE u.enabled AND u.sys_role = 'user' AND ${conditions}
        AND u.customer_id IN (SELECT id FROM above)
        AND '${privilege}' = ANY(r.privileges)`;
