import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  notTenantOwned: ['GET /api/v1/config', 'GET /api/v1/version', 'POST /api/v1/error-logs'],
};
