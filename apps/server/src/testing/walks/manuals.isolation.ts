import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  // The user manual is the provider's, the same for everyone; its file opens by a signed link.
  notTenantOwned: ['GET /api/v1/manual/{id}', 'GET /api/v1/manual/{id}/file'],
  bodies: () => ({ 'POST /api/v1/manuals': { version: '6.6.6' } }),
  snapshot: (query) => query("SELECT count(*) AS sneaky FROM manuals WHERE version = '6.6.6'"),
};
