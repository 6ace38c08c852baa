// The device rules that need the database (spec §5, §8): the customer within the caller's scope;
// vehicle, group, case (kitting id) and SIM of the device's own customer; device id, camera ids,
// vehicle and SIM each taken once; a case takes no more devices than it needs; a device with a
// registered vehicle is not deleted. Both the devices screens and the case screens save through here.
import type { Device, DeviceInput, FieldError } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import {
  camerasTaken,
  deleteDevice,
  findDevice,
  insertDevice,
  ownedBy,
  replaceCameras,
  type Scope,
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

async function customerVisible(q: Queryable['query'], scope: Scope, customerId: string): Promise<boolean> {
  if (scope !== null && !scope.includes(customerId)) return false;
  return (await q('SELECT 1 FROM customers WHERE id = $1', [customerId])).length > 0;
}

/** Every problem of the body at once, so the form shows them all under their fields. */
async function problemsOf(
  q: Queryable['query'],
  caller: DeviceCaller,
  body: DeviceInput,
  id: string | null,
  previousCase: string | null,
): Promise<{ invalid: Problem[]; taken: Problem[] }> {
  const invalid: Problem[] = [];
  const taken: Problem[] = [];
  const customer = body.customer_id;
  if (body.vehicle_id && !(await ownedBy(q, 'vehicles', body.vehicle_id, customer)))
    invalid.push({ field: 'vehicle_id', key: 'vehicleNotOfCustomer' });
  if (body.group_id && !(await ownedBy(q, 'vehicle_groups', body.group_id, customer)))
    invalid.push({ field: 'group_id', key: 'groupNotOfCustomer' });
  if (body.sim_id && !(await ownedBy(q, 'sims', body.sim_id, customer)))
    invalid.push({ field: 'sim_id', key: 'simNotOfCustomer' });
  if (body.kitting_id) {
    const [kit] = await q<{ exposed: boolean; needed: number; registered: number }>(
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
  const others = (column: string, value: string | null) =>
    value === null
      ? Promise.resolve([])
      : q(`SELECT 1 FROM devices WHERE ${column} = $1 AND ($2::uuid IS NULL OR id <> $2)`, [value, id]);
  if ((await others('device_id', body.device_id)).length)
    taken.push({ field: 'device_id', key: 'deviceIdInUse' });
  if ((await others('vehicle_id', body.vehicle_id)).length)
    taken.push({ field: 'vehicle_id', key: 'vehicleTaken' });
  if ((await others('sim_id', body.sim_id)).length) taken.push({ field: 'sim_id', key: 'simInUse' });
  const cameras = await camerasTaken(
    q,
    body.cameras.map((c) => c.camera_id),
    id,
  );
  body.cameras.forEach((camera, i) => {
    if (cameras.has(camera.camera_id)) taken.push({ field: `cameras.${i}.camera_id`, key: 'cameraIdInUse' });
  });
  return { invalid, taken };
}

/** Creates (id null) or updates a device with its cameras; answers its id. */
export async function saveDevice(
  database: DatabaseHandle,
  caller: DeviceCaller,
  body: DeviceInput,
  id: string | null,
): Promise<string> {
  return database.transaction(async (tx) => {
    // Another tenant's device is not found, whatever the body says.
    const existing = id ? found(await findDevice(tx.query, caller.scope, id)) : undefined;
    // A device keeps its customer once created (like vehicles and cases): its live state, the ingest
    // cache and the broker all hold that customer.
    if (existing && body.customer_id !== existing.customer.id)
      throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'deviceCustomerFixed' }] });
    if (!(await customerVisible(tx.query, caller.scope, body.customer_id)))
      throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'customerNotFound' }] });
    const { invalid, taken } = await problemsOf(tx.query, caller, body, id, existing?.kitting?.id ?? null);
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
  });
}

/** Deletes a device; one with a registered vehicle stays (spec §8). */
export async function removeDevice(database: DatabaseHandle, scope: Scope, id: string): Promise<void> {
  const device = found(await findDevice(database.query, scope, id));
  if (device.vehicle) throw new ApiError('conflict', { messageKey: 'deviceHasVehicle' });
  await deleteDevice(database.query, id);
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
