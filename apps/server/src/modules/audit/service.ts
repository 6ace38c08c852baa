// Reading the audit log: the entries of the companies the caller sees, newest first.
import type { AuditListQuery } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { pageOf } from '../../platform/lists.ts';
import { listAudit } from './repository.ts';

export function auditService(database: DatabaseHandle) {
  return {
    list: async (scope: Scoped, query: AuditListQuery) =>
      pageOf(query, await listAudit(database, scope, query)),
  };
}
