import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  notTenantOwned: ['GET /api/v1/users/my', 'POST /api/v1/users/session-check'],
  openToEveryUser: [
    'PUT /api/v1/users/{id}/update-opened-notification-at',
    'DELETE /api/v1/users/{id}/devices',
    'GET /api/v1/users/{id}/login-devices',
    'GET /api/v1/users/{id}',
    'PUT /api/v1/users/{id}',
  ],
  objects: [[/^\/api\/v1\/users\/\{id\}/, 'user']],
  bodies: (b) => ({
    'PUT /api/v1/users/{id}/update-opened-notification-at': {},
    'POST /api/v1/users': {
      username: 'sneaky1',
      password: 'Sneaky#2026',
      first_name: 'Sne',
      last_name: 'Aky',
      email: 'sneaky@example.com',
      customer_id: b.customer,
      sys_role: 'user',
    },
    'PUT /api/v1/users/{id}': {
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
