import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  // An export link is signed for its caller and reads nothing: the export it opens is walked as
  // every list is (`GET <list>/export`), and checks its rule and scope again when opened.
  notTenantOwned: [
    'GET /api/v1/config',
    'GET /api/v1/version',
    'POST /api/v1/error-logs',
    'POST /api/v1/export-links',
  ],
};
