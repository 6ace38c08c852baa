import { API_BASE_PATH } from '@fleetlens/contracts';
import { type IsolationWalk, rowsOfB } from '../walks.ts';

// B's straddle carrier locked after B's impact (seeded by the events' walk, which runs first);
// the routes' {id} are B's vehicle and event (the vehicles' and events' walks name them).
export const walk: IsolationWalk = {
  seed: async ({ insert, b }) => {
    b.lockout = await insert(
      `INSERT INTO vehicle_lockouts (customer_id, vehicle_id, event_id, impact_g, level_g)
       SELECT customer_id, vehicle_id, id, 2.5, 2 FROM device_events WHERE id = $1 RETURNING id`,
      [b.event],
    );
  },
  bodies: () => ({ [`POST ${API_BASE_PATH}/vehicles/{id}/unlock`]: { reason: 'Taken over' } }),
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('vehicle_lockouts')} AS b,
              (SELECT count(*) FROM device_commands WHERE type LIKE 'vehicle-%') AS commands`,
      [b.customer],
    ),
};
