// The rules of the device link's console calls: a device or vehicle outside the caller's customers
// is not found; a device's secret is issued (or rotated) on the transaction that records it in the
// audit log (when and by whom, never the secret), and the session signed in with the previous one
// ends; commands are queued for the device and sent when it is online, and shown to people
// without the device's credentials in them (a stream's name, a signed address).
import {
  deadLetterReasonText,
  type deviceCommandBodySchema,
  type ListQuery,
  redactCommandSecrets,
  resolvePeriod,
  type stateHistoryQuerySchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf, pageWindow } from '../../platform/lists.ts';
import { type CommandRow, listCommands } from './commands.repository.ts';
import type { CommandDispatcher } from './commands.ts';
import { credentialIssuedAt, issueSecret } from './credentials.ts';
import { findScopedDevice, listDeadLetters, listStates, vehicleInScope } from './devices.repository.ts';
import { vehicleStateHistory } from './states.repository.ts';

export interface DeviceLinkServiceOptions {
  commands: CommandDispatcher;
  /** Ends the broker session of a device (embedded broker only). */
  disconnect: (deviceId: string) => void;
}

/** A command as people see it: what was asked and how it went, never the device's credentials. */
const shown = (row: CommandRow): CommandRow => ({
  ...row,
  params: redactCommandSecrets(row.params),
  result: redactCommandSecrets(row.result),
  error: redactCommandSecrets(row.error),
});

export function deviceLinkService(
  database: DatabaseHandle,
  { commands, disconnect }: DeviceLinkServiceOptions,
) {
  const deviceOf = async (scope: Scoped, id: string) => found(await findScopedDevice(database, scope, id));

  return {
    async issueCredentials(access: RequestAccess, id: string) {
      const device = await deviceOf(access, id);
      const principal = access.principal;
      const { secret, rotatedAt } = await database.transaction(async (tx) => {
        const before = await credentialIssuedAt(tx, device.id);
        const issued = await issueSecret(tx, device.id, principal.userId);
        await recordAudit(tx, {
          actor: principal,
          customerId: device.customer_id,
          entity: 'device_secret',
          entityId: device.id,
          action: before ? 'update' : 'create',
          before: before ? { device_id: device.device_id, rotated_at: before } : null,
          after: { device_id: device.device_id, rotated_at: issued.rotatedAt },
        });
        return issued;
      });
      disconnect(device.device_id);
      const deviceId = device.device_id;
      return { device_id: deviceId, username: deviceId, client_id: deviceId, secret, rotated_at: rotatedAt };
    },

    async credentialStatus(scope: Scoped, id: string) {
      const device = await deviceOf(scope, id);
      const rotatedAt = await credentialIssuedAt(database, device.id);
      return { device_id: device.device_id, issued: rotatedAt !== null, rotated_at: rotatedAt };
    },

    async sendCommand(access: RequestAccess, id: string, body: z.output<typeof deviceCommandBodySchema>) {
      const device = await deviceOf(access, id);
      const thresholds = body.type === 'threshold-write' ? body.thresholds : undefined;
      return shown(await commands.create(device.id, { type: body.type, thresholds }, access.principal));
    },

    commands: async (scope: Scoped, id: string) =>
      (await listCommands(database, (await deviceOf(scope, id)).id)).map(shown),

    async deadLetters(query: ListQuery) {
      const { list, total } = await listDeadLetters(
        database,
        query.filter?.trim() || null,
        pageWindow(query),
      );
      return pageOf(query, {
        list: list.map((r) => ({ ...r, reason_text: deadLetterReasonText(r.reason) })),
        total,
      });
    },

    states: (scope: Scoped) => listStates(database, scope),

    async stateHistory(scope: Scoped, vehicleId: string, query: z.output<typeof stateHistoryQuerySchema>) {
      if (!(await vehicleInScope(database, scope, vehicleId))) throw new ApiError('notFound');
      const { start, end } = resolvePeriod(query);
      return vehicleStateHistory(database, vehicleId, new Date(start), new Date(end));
    },
  };
}
