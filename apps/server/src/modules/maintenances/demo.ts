// The demo's maintenance, seeded once with the demo fleet (modules/demo): three kinds of
// maintenance, a plan for each — on the hour meter, on the meter with a calendar cycle beside it,
// and on the calendar — every demo vehicle under them, and one vehicle inside its warning window
// on a fresh start (its annual inspection falls due in about two weeks; the calendar, unlike the
// simulated hour meters, says so the same on every start).
import type { Queryable } from '../../db/client.ts';
import { demoVehicles, hasItems, insertAssignment, insertItem, insertPlan } from './demo.repository.ts';

export async function seedDemoMaintenance(db: Queryable, customerId: string): Promise<void> {
  if (await hasItems(db, customerId)) return;
  const oil = await insertItem(db, customerId, 'Engine oil change', 'Oil and filter');
  const brakes = await insertItem(db, customerId, 'Brake inspection', 'Pads, fluid, parking brake');
  const annual = await insertItem(db, customerId, 'Annual inspection', 'The yearly statutory inspection');
  const plans = {
    oil: await insertPlan(db, customerId, {
      item: oil,
      cycle: [250, 'operating_hours'],
      warning: [25, 'operating_hours'],
      description: 'Every 250 operating hours',
    }),
    brakes: await insertPlan(db, customerId, {
      item: brakes,
      cycle: [500, 'operating_hours'],
      warning: [50, 'operating_hours'],
      calendar: [6, 'months'],
      description: '500 operating hours or 6 months, whichever first',
    }),
    annual: await insertPlan(db, customerId, {
      item: annual,
      cycle: [1, 'years'],
      warning: [30, 'days'],
      description: 'Once a year',
    }),
  };
  const vehicles = await demoVehicles(db, customerId);
  for (const [i, v] of vehicles.entries()) {
    await insertAssignment(db, customerId, plans.oil, v.id, {
      daysAgo: 3 + i,
      meter: v.meter - 20 - 15 * i,
      comment: '',
    });
    await insertAssignment(db, customerId, plans.brakes, v.id, {
      daysAgo: 40 + 5 * i,
      meter: v.meter - 60,
      comment: '',
    });
    // The first vehicle's annual inspection is 351 days old: inside its 30-day warning window.
    await insertAssignment(db, customerId, plans.annual, v.id, {
      daysAgo: i === 0 ? 351 : 120 + 20 * i,
      meter: null,
      comment: i === 0 ? 'Book the inspector' : '',
    });
  }
}
