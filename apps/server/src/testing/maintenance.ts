// A maintenance plan as a manager makes one through the API, for the tests that need a plan to
// assign vehicles to: an item of its own, then the plan over it.
import type { ApiClient } from './api.ts';

/** Due every 30 days, warned 5 days before. */
export const MONTHLY = { cycle_unit: 'days', cycle_value: 30, warning_time: 5, warning_type: 'days' };

/** An item named `item` of `customerId` and a plan of it with `cycle`; answers both answers. */
export async function addPlan(client: ApiClient, customerId: string, item: string, cycle: object) {
  const made = await client.post('/maintenance-items', { customer_id: customerId, name: item });
  const plan = await client.post('/maintenances', {
    customer_id: customerId,
    item_id: made.body.data.id,
    ...cycle,
  });
  return { item: made, plan };
}
