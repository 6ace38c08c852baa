import type { IsolationWalk } from '../../testing/walks.ts';

export const walk: IsolationWalk = {
  notTenantOwned: [
    'GET /api/v1/config',
    'GET /api/v1/version',
    'GET /api/v1/manual/{id}',
    'GET /api/v1/manual/{id}/file',
    'POST /api/v1/error-logs',
  ],
};
