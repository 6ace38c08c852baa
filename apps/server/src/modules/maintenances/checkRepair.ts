// A failed pre-shift check opens a repair task on the vehicle's maintenance list: the vehicle put
// under the customer's "Pre-shift check repair" plan (item and plan made on first use) with its
// state due now and the failed items as its comment. Recording the maintenance there (the plan's
// execute screen) closes it: the plan's cycle is long (REPAIR_CYCLE_YEARS), so the vehicle stays ok
// until the next failed check sets it due again. It is a plan like the others, so the lists, the
// dashboard's maintenance figures and the maintenance mail see it without a new kind of record.
import type { Queryable } from '../../db/client.ts';
import { repairItem, repairPlan, setDueNow } from './checkRepair.repository.ts';

export const REPAIR_ITEM_NAME = 'Pre-shift check repair';
const REPAIR_ITEM_DESCRIPTION = 'Opened by a pre-shift check with a failed critical item';
/** Long enough that a recorded repair is never due again by time alone. */
export const REPAIR_CYCLE_YEARS = 50;

/**
 * Opens (or opens again) the vehicle's repair task after a failed check, on the check's
 * transaction. `comment` says what failed (at most the assignment comment's length).
 */
export async function openCheckRepair(
  tx: Queryable,
  task: { customerId: string; vehicleId: string; comment: string },
): Promise<{ maintenanceId: string }> {
  const itemId = await repairItem(tx, task.customerId, REPAIR_ITEM_NAME, REPAIR_ITEM_DESCRIPTION);
  const planId = await repairPlan(tx, task.customerId, itemId, {
    cycleYears: REPAIR_CYCLE_YEARS,
    description: REPAIR_ITEM_DESCRIPTION,
  });
  await setDueNow(tx, { ...task, planId }, REPAIR_CYCLE_YEARS, task.comment);
  return { maintenanceId: planId };
}
