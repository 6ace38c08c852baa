import { maintenanceItemResource, maintenanceResource } from '@fleetlens/contracts';
import { EVALUATED_COLUMNS } from '../../modules/maintenances/vehicles.repository.ts';
import { type IsolationWalk, resourceRoutes, rowsOfB } from '../walks.ts';

const items = resourceRoutes(maintenanceItemResource, 'maintenanceItem');
const plans = resourceRoutes(maintenanceResource, 'maintenance');

// B's item and plan with B's vehicle under it (seeded by the devices walk, which runs first) and
// one execution; a sample body names B's item or vehicle, so a refusal comes from tenancy.
export const walk: IsolationWalk = {
  objects: [...items.objects, ...plans.objects],
  seed: async ({ insert, query, b }) => {
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
    await query(
      `INSERT INTO maintenance_vehicles (customer_id, maintenance_id, vehicle_id, comment) VALUES ($1, $2, $3, 'Otherside comment')`,
      [b.customer, b.maintenance, b.vehicle],
    );
    await query(
      `INSERT INTO maintenance_executions (customer_id, maintenance_id, vehicle_id, done_at, comment, recorded_by_name)
       VALUES ($1, $2, $3, now(), 'Otherside greased', 'otherside')`,
      [b.customer, b.maintenance, b.vehicle],
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
      'POST /api/v1/maintenances/{id}/vehicles': { vehicle_id: b.vehicle, comment: 'Sneaky comment' },
      'PUT /api/v1/maintenances/{id}/vehicles/{vehicleId}': { comment: 'Sneaky comment' },
      'POST /api/v1/maintenances/{id}/vehicles/{vehicleId}/executions': {
        done_at: '2020-01-01 00:00:00',
        comment: 'Sneaky execution',
      },
    };
  },
  markers: () => ['Otherside greasing', 'Otherside plan', 'Otherside comment', 'Otherside greased'],
  // The evaluation job may compute B's states meanwhile: what it writes is left out.
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('maintenance_items')} AS items, ${rowsOfB('maintenances')} AS plans,
              (SELECT json_agg(to_jsonb(t) - ${EVALUATED_COLUMNS}
                                ORDER BY t.vehicle_id)
                 FROM maintenance_vehicles t WHERE t.customer_id = $1) AS vehicles,
              ${rowsOfB('maintenance_executions')} AS executions,
              (SELECT count(*) FROM maintenance_vehicles WHERE comment LIKE 'Sneaky%') AS assigned,
              (SELECT count(*) FROM maintenance_executions WHERE comment LIKE 'Sneaky%') AS executed,
              (SELECT count(*) FROM maintenance_items WHERE name LIKE 'Sneaky%' OR name LIKE 'Taken over%') AS created,
              (SELECT count(*) FROM maintenances WHERE description LIKE 'Sneaky%') AS planned`,
      [b.customer],
    ),
};
