// The audit log (GET /audit-log): administrative changes, newest first, for admins. Entries are
// written by the modules themselves through platform/audit.ts, in the change's transaction.
import { auditEntrySchema, auditListQuerySchema, listPageSchema, routeRoles } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { auditService } from './service.ts';

export async function registerAudit(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const audit = auditService(platform.database);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-log',
    {
      preValidation: access({ roles: routeRoles('auditLog') }),
      schema: {
        tags: ['audit'],
        summary:
          'Administrative changes, paged (entity, from ≤ time < to in UTC, filter: actor, company or record id)',
        querystring: auditListQuerySchema,
        response: { 200: envelope(listPageSchema(auditEntrySchema)) },
      },
    },
    async (request) => ok(await audit.list(accessOf(request), request.query)),
  );
}
