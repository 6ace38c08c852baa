// The audit log (GET /audit-log): administrative changes, newest first, for admins. Entries are
// written by the modules themselves through platform/audit.ts, in the change's transaction.
import { auditEntrySchema, auditListQuerySchema, listPageSchema } from '@fleetlens/contracts';
import { op, routeModule } from '../../platform/routes.ts';
import { auditService } from './service.ts';

export const registerAudit = routeModule(['audit'], async (route, platform) => {
  const audit = auditService(platform.database);
  route.get(
    '/audit-log',
    op(
      'auditLog',
      'Administrative changes, paged (entity, from ≤ time < to in UTC, filter: actor, company or record id)',
      { query: auditListQuerySchema, reply: listPageSchema(auditEntrySchema), exported: true },
    ),
    ({ access, query }) => audit.list(access, query),
  );
});
