import { maintenanceItemResource, maintenanceResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, rowsOfB } from '../walks.ts';

const items = resourceRoutes(maintenanceItemResource, 'maintenanceItem');
const plans = resourceRoutes(maintenanceResource, 'maintenance');

// B's item and plan; a sample body names B's item, so a refusal comes from tenancy.
export const walk: IsolationWalk = {
  objects: [...items.objects, ...plans.objects],
  seed: async ({ insert, b }) => {
    b.maintenanceItem = await insert(
      `INSERT INTO maintenance_items (customer_id, name, description) VALUES ($1, 'Otherside greasing', 'B item')
       RETURNING id`,
      [b.customer],
    );
    b.maintenance = await insert(
      `INSERT INTO maintenances (customer_id, item_id, cycle_unit, cycle_value, warning_time, warning_type, description)
       VALUES ($1, $2, 'operating_hours', 250, 25, 'operating_hours', 'Otherside plan') RETURNING id`,
      [b.customer, b.maintenanceItem],
    );
  },
  bodies: (b) => {
    const plan = {
      item_id: b.maintenanceItem,
      cycle_unit: 'days',
      cycle_value: 90,
      warning_time: 7,
      warning_type: 'days',
      description: 'Sneaky plan',
    };
    return {
      [items.create]: { customer_id: b.customer, name: 'Sneaky item' },
      [items.update]: { name: 'Taken over item' },
      [plans.create]: { customer_id: b.customer, ...plan },
      [plans.update]: plan,
    };
  },
  markers: () => ['Otherside greasing', 'Otherside plan'],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('maintenance_items')} AS items, ${rowsOfB('maintenances')} AS plans,
              (SELECT count(*) FROM maintenance_items WHERE name LIKE 'Sneaky%' OR name LIKE 'Taken over%') AS created,
              (SELECT count(*) FROM maintenances WHERE description LIKE 'Sneaky%') AS planned`,
      [b.customer],
    ),
};
