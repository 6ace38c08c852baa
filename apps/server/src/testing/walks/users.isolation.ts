import { userResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes } from '../walks.ts';

const users = resourceRoutes(userResource, 'user');

export const walk: IsolationWalk = {
  notTenantOwned: ['GET /api/v1/users/my', 'POST /api/v1/users/session-check'],
  openToEveryUser: [
    'PUT /api/v1/users/{id}/update-opened-notification-at',
    'DELETE /api/v1/users/{id}/devices',
    'GET /api/v1/users/{id}/login-devices',
    users.one,
    users.update,
  ],
  objects: users.objects,
  bodies: (b) => ({
    'PUT /api/v1/users/{id}/update-opened-notification-at': {},
    [users.create]: {
      username: 'sneaky1',
      password: 'Sneaky#2026',
      first_name: 'Sne',
      last_name: 'Aky',
      email: 'sneaky@example.com',
      customer_id: b.customer,
      sys_role: 'user',
    },
    [users.update]: {
      first_name: 'Taken',
      last_name: 'Over',
      email: 'boss@other.example',
      customer_id: b.customer,
      sys_role: 'user',
    },
  }),
  markers: () => ['otherboss'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(u ORDER BY u.id) FROM users u WHERE u.customer_id = $1) AS b,
              (SELECT count(*) FROM login_devices d WHERE d.customer_id = $1) AS browsers,
              (SELECT count(*) FROM users WHERE username = 'sneaky1') AS created`,
      [b.customer],
    ),
};
