import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  // Signed addresses: the HMAC in the query is the permission, whoever calls; no tenant's rows.
  notTenantOwned: ['GET /api/v1/storage/objects/{key}', 'PUT /api/v1/storage/objects/{key}'],
};
