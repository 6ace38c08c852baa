// The device rules (spec §5, §8): the customer within the caller's scope and fixed once created;
// vehicle, group, case (kitting id) and SIM of the device's own customer; device id, camera ids,
// vehicle and SIM each taken once; a case takes no more devices than it needs; a device with a
// registered vehicle is not deleted. Both the devices screens and the case screens save through here.
import {
  DEVICE_VEHICLE_OPTIONS_LIMIT,
  type Device,
  type DeviceInput,
  type deviceListFilterSchema,
  deviceResource,
  type deviceVehicleOptionsQuerySchema,
  type FieldError,
  type ListQuery,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import { likePattern, pageOf } from '../../platform/lists.ts';
import { belongsTo } from '../../platform/tenancy.ts';
import { formOptions, vehicleOptions } from './options.repository.ts';
import {
  camerasOf,
  camerasTaken,
  caseCapacity,
  deleteDevice,
  findDevice,
  insertDevice,
  listDevices,
  otherDeviceHas,
  replaceCameras,
  touchVehicleThresholds,
  updateDevice,
} from './repository.ts';

type Problem = Omit<FieldError, 'message'>;

const UNIQUE = deviceResource.unique;

/** The cameras go into the log with the device: they are part of what its form saves. */
const audit = auditTrail(deviceResource.audit, deviceResource.table, async (tx, id) => ({
  cameras: await camerasOf(tx.query, id),
}));

/** Kitting users reach only the cases exposed to them. */
export const exposedCasesOnly = (access: RequestAccess): boolean => access.principal.sysRole === 'kitting';

/**
 * Every problem of the body at once, so the form shows them all under their fields. Device ids
 * and camera ids are physical, unique across all customers: one that is taken is refused with the
 * same answer whoever holds it. A vehicle or SIM is looked at only once it is known to be the
 * device's customer's, so another customer's record says nothing more than "not of this customer".
 */
async function problemsOf(
  tx: Queryable,
  access: RequestAccess,
  body: DeviceInput,
  id: string | null,
  previousCase: string | null,
): Promise<{ invalid: Problem[]; taken: Problem[] }> {
  const invalid: Problem[] = [];
  const taken: Problem[] = [];
  const customer = body.customer_id;
  const owned = async (
    table: 'vehicles' | 'sims',
    value: string | null,
    problem: Problem,
    inUse: Problem,
  ) => {
    if (value === null) return;
    if (!(await belongsTo(tx, table, value, customer))) invalid.push(problem);
    else if (await otherDeviceHas(tx.query, table === 'vehicles' ? 'vehicle_id' : 'sim_id', value, id))
      taken.push(inUse);
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
    const kit = await caseCapacity(tx.query, body.kitting_id, customer);
    if (!kit || (exposedCasesOnly(access) && !kit.exposed))
      invalid.push({ field: 'kitting_id', key: 'kittingIdInvalid' });
    else if (previousCase !== body.kitting_id && kit.registered >= kit.needed)
      invalid.push({ field: 'kitting_id', key: 'caseFull' });
  }
  if (await otherDeviceHas(tx.query, 'device_id', body.device_id, id))
    taken.push(UNIQUE.devices_device_id_key);
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
 * `linkChanged` tells every replica's ingestion that these device ids' records changed (their
 * vehicle, or the device made or deleted): its cache of them is dropped (device-link/ingest.ts).
 */
export function deviceService(
  database: DatabaseHandle,
  linkChanged: (deviceIds: string[]) => Promise<void> = async () => {},
) {
  const get = async (scope: Scoped, id: string) => found(await findDevice(database.query, scope, id));

  /** Creates (id null) or updates a device with its cameras, recorded in the audit log; answers it. */
  async function save(access: RequestAccess, body: DeviceInput, id: string | null): Promise<Device> {
    let previousDeviceId: string | undefined;
    const saved = await audited(
      database,
      audit(access.principal, id ? 'update' : 'create', id ?? undefined),
      async (tx) => {
        // Another tenant's device is not found, whatever the body says.
        const existing = id ? found(await findDevice(tx.query, access, id)) : undefined;
        previousDeviceId = existing?.device_id;
        // A device keeps its customer once created (like vehicles and cases): its live state, the
        // ingest cache and the broker all hold that customer.
        if (existing && body.customer_id !== existing.customer.id)
          throw new ApiError('validation', {
            fields: [{ field: 'customer_id', key: 'deviceCustomerFixed' }],
          });
        await access.mustUseCustomer(body.customer_id, tx);
        const { invalid, taken } = await problemsOf(tx, access, body, id, existing?.kitting?.id ?? null);
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
      },
    );
    await linkChanged([...new Set([body.device_id, previousDeviceId ?? body.device_id])]);
    return get(access, found(saved));
  }

  return {
    get,
    save,
    list: async (scope: Scoped, query: ListQuery & z.infer<typeof deviceListFilterSchema>) =>
      pageOf(query, await listDevices(database, scope, query, query)),

    /** What the device form offers for one customer the caller sees. */
    async options(access: RequestAccess, customerId: string) {
      access.mustSee(customerId);
      return formOptions(database.query, customerId, exposedCasesOnly(access));
    },

    /** The form's vehicle picker; the chosen vehicle comes first, so an edited device keeps showing it. */
    async vehicleOptions(access: RequestAccess, query: z.infer<typeof deviceVehicleOptionsQuerySchema>) {
      access.mustSee(query.customer_id);
      return vehicleOptions(
        database.query,
        query.customer_id,
        likePattern(query.q),
        query.vehicle_id ?? null,
        DEVICE_VEHICLE_OPTIONS_LIMIT,
      );
    },

    /** Deletes a device; one with a registered vehicle stays (spec §8). */
    async remove(access: RequestAccess, id: string) {
      let deviceId = '';
      await audited(database, audit(access.principal, 'delete', id), async (tx) => {
        const device = found(await findDevice(tx.query, access, id));
        if (device.vehicle) throw new ApiError('conflict', { messageKey: 'deviceHasVehicle' });
        deviceId = device.device_id;
        await deleteDevice(tx.query, id);
        return id;
      });
      await linkChanged([deviceId]);
      return null;
    },
  };
}

export type DeviceService = ReturnType<typeof deviceService>;
