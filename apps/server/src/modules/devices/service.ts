// The device rules that need the database (spec §5, §8): the customer within the caller's scope;
// vehicle, group, case (kitting id) and SIM of the device's own customer; device id, camera ids,
// vehicle and SIM each taken once; a case takes no more devices than it needs; a device with a
// registered vehicle is not deleted. Both the devices screens and the case screens save through here.
import type { Device, DeviceInput, FieldError } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { type AuditActor, audited, auditedIn, auditTrail } from '../../platform/audit.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import { belongsTo, mustUseCustomer, type Scope } from '../../platform/tenancy.ts';
import {
  camerasTaken,
  deleteDevice,
  findDevice,
  insertDevice,
  replaceCameras,
  touchVehicleThresholds,
  updateDevice,
} from './repository.ts';

export interface DeviceCaller {
  scope: Scope;
  /** Kitting users reach only the cases exposed to them. */
  exposedCasesOnly: boolean;
}

type Problem = Omit<FieldError, 'message'>;

const UNIQUE = {
  devices_device_id_key: { field: 'device_id', key: 'deviceIdInUse' },
  devices_vehicle_key: { field: 'vehicle_id', key: 'vehicleTaken' },
  devices_sim_key: { field: 'sim_id', key: 'simInUse' },
  device_cameras_camera_id_key: { field: 'cameras', key: 'cameraIdInUse' },
};

/** The cameras go into the log with the device: they are part of what its form saves. */
const audit = auditTrail('device', 'devices', async (tx, id) => ({
  cameras: (
    await tx.query<{ camera_id: string; rotation: number }>(
      'SELECT camera_id, rotation FROM device_cameras WHERE device_pk = $1 ORDER BY position',
      [id],
    )
  ).map((c) => ({ camera_id: c.camera_id, rotation: c.rotation })),
}));

/**
 * Every problem of the body at once, so the form shows them all under their fields. Device ids
 * and camera ids are physical, unique across all customers: one that is taken is refused with the
 * same answer whoever holds it. A vehicle or SIM is looked at only once it is known to be the
 * device's customer's, so another customer's record says nothing more than "not of this customer".
 */
async function problemsOf(
  tx: Queryable,
  caller: DeviceCaller,
  body: DeviceInput,
  id: string | null,
  previousCase: string | null,
): Promise<{ invalid: Problem[]; taken: Problem[] }> {
  const invalid: Problem[] = [];
  const taken: Problem[] = [];
  const customer = body.customer_id;
  const others = async (column: string, value: string | null) =>
    value !== null &&
    (
      await tx.query(`SELECT 1 FROM devices WHERE ${column} = $1 AND ($2::uuid IS NULL OR id <> $2)`, [
        value,
        id,
      ])
    ).length > 0;
  const owned = async (table: string, value: string | null, problem: Problem, inUse: Problem) => {
    if (value === null) return;
    if (!(await belongsTo(tx, table, value, customer))) invalid.push(problem);
    else if (await others(table === 'vehicles' ? 'vehicle_id' : 'sim_id', value)) taken.push(inUse);
  };
  await owned(
    'vehicles',
    body.vehicle_id,
    { field: 'vehicle_id', key: 'vehicleNotOfCustomer' },
    UNIQUE.devices_vehicle_key,
  );
  if (body.group_id && !(await belongsTo(tx, 'vehicle_groups', body.group_id, customer)))
    invalid.push({ field: 'group_id', key: 'groupNotOfCustomer' });
  await owned('sims', body.sim_id, { field: 'sim_id', key: 'simNotOfCustomer' }, UNIQUE.devices_sim_key);
  if (body.kitting_id) {
    const [kit] = await tx.query<{ exposed: boolean; needed: number; registered: number }>(
      `SELECT k.exposed_to_kitting AS exposed, k.devices_needed AS needed,
              (SELECT count(*)::int FROM devices d WHERE d.kitting_id = k.id) AS registered
         FROM cases k WHERE k.id = $1 AND k.customer_id = $2`,
      [body.kitting_id, customer],
    );
    if (!kit || (caller.exposedCasesOnly && !kit.exposed))
      invalid.push({ field: 'kitting_id', key: 'kittingIdInvalid' });
    else if (previousCase !== body.kitting_id && kit.registered >= kit.needed)
      invalid.push({ field: 'kitting_id', key: 'caseFull' });
  }
  if (await others('device_id', body.device_id)) taken.push(UNIQUE.devices_device_id_key);
  const cameras = await camerasTaken(
    tx.query,
    body.cameras.map((c) => c.camera_id),
    id,
  );
  body.cameras.forEach((camera, i) => {
    if (cameras.has(camera.camera_id))
      taken.push({ field: `cameras.${i}.camera_id`, key: UNIQUE.device_cameras_camera_id_key.key });
  });
  return { invalid, taken };
}

/**
 * Creates (id null) or updates a device with its cameras; answers its id. With an actor (the API),
 * the change is recorded in the audit log on the same transaction; the seed generator passes none.
 */
export async function saveDevice(
  database: DatabaseHandle,
  caller: DeviceCaller,
  body: DeviceInput,
  id: string | null,
  actor: AuditActor | null,
): Promise<string> {
  const write = async (tx: Queryable) => {
    // Another tenant's device is not found, whatever the body says.
    const existing = id ? found(await findDevice(tx.query, caller.scope, id)) : undefined;
    // A device keeps its customer once created (like vehicles and cases): its live state, the ingest
    // cache and the broker all hold that customer.
    if (existing && body.customer_id !== existing.customer.id)
      throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'deviceCustomerFixed' }] });
    await mustUseCustomer(tx, caller.scope, body.customer_id);
    const { invalid, taken } = await problemsOf(tx, caller, body, id, existing?.kitting?.id ?? null);
    if (invalid.length) throw new ApiError('validation', { fields: [...invalid, ...taken] });
    if (taken.length) throw new ApiError('conflict', { messageKey: taken[0]?.key, fields: taken });
    const thresholdsChanged =
      !existing || JSON.stringify(existing.thresholds) !== JSON.stringify(body.thresholds);
    const deviceId = await uniqueOn(UNIQUE, async () => {
      const saved = existing ? existing.id : await insertDevice(tx.query, body);
      if (existing) await updateDevice(tx.query, existing.id, body, thresholdsChanged);
      await replaceCameras(tx.query, saved, body.cameras);
      return saved;
    });
    if (thresholdsChanged && body.vehicle_id) await touchVehicleThresholds(tx.query, body.vehicle_id);
    return deviceId;
  };
  const saved = await database.transaction((tx) =>
    actor ? auditedIn(tx, audit(actor, id ? 'update' : 'create', id ?? undefined), write) : write(tx),
  );
  return found(saved);
}

/** Deletes a device; one with a registered vehicle stays (spec §8). */
export async function removeDevice(
  database: DatabaseHandle,
  scope: Scope,
  id: string,
  actor: AuditActor,
): Promise<void> {
  await audited(database, audit(actor, 'delete', id), async (tx) => {
    const device = found(await findDevice(tx.query, scope, id));
    if (device.vehicle) throw new ApiError('conflict', { messageKey: 'deviceHasVehicle' });
    await deleteDevice(tx.query, id);
    return id;
  });
}

/** A saved device as the body that would save it again (to change some of its settings). */
export function inputOf(device: Device): DeviceInput {
  return {
    customer_id: device.customer.id,
    device_id: device.device_id,
    plate_number: device.plate_number,
    device_type: device.device_type,
    kitting_id: device.kitting?.id ?? null,
    vehicle_id: device.vehicle?.id ?? null,
    channel_number: device.channel_number,
    cameras: device.cameras,
    group_id: device.group?.id ?? null,
    icon: device.icon,
    firmware: device.firmware,
    sim_id: device.sim?.id ?? null,
    thresholds: device.thresholds,
    installation_direction: device.installation_direction,
  };
}
