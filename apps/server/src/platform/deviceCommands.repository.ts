// A command queued for a device inside the caller's transaction (live camera, lock-out): the row
// the device link sends once the transaction has committed (DeviceCommands.sendPending).
import type { DeviceCommand } from '@fleetlens/contracts';
import type { Queryable } from '../db/client.ts';

export interface QueuedDeviceCommand {
  id: string;
  devicePk: string;
  customerId: string;
  type: DeviceCommand['type'];
  params: object;
}

/** Queues `command` for its device; `userId` is who asked (null: the server itself). */
export async function insertDeviceCommand(
  db: Queryable,
  command: QueuedDeviceCommand,
  userId: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO device_commands (id, device_pk, customer_id, type, params, created_by) VALUES ($1, $2, $3, $4, $5, $6)`,
    [command.id, command.devicePk, command.customerId, command.type, JSON.stringify(command.params), userId],
  );
}
