// The case rules (spec §3, §8): a case is created only for a customer the caller sees and keeps
// it; kitting users reach only the cases exposed to them, and what they save stays exposed; a
// case needs at least the devices already registered for it, and one with devices or with a SIM
// still in use is not deleted. A case's devices are saved through the devices' service.
import {
  type Case,
  type CaseInput,
  type caseDeviceBodySchema,
  caseResource,
  deviceBodyOf,
  type deviceSettingsSchema,
  type ListQuery,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { recordWrites } from '../../platform/records.ts';
import { deviceService, exposedCasesOnly, findDeviceOfVehicle } from '../devices/public.ts';
import {
  caseVehicles,
  deleteCase,
  findCase,
  findVehicle,
  insertCase,
  listCases,
  updateCase,
} from './repository.ts';

const caseWrites = recordWrites(caseResource);

/** Kitting users work only on exposed cases: what they save stays exposed to them. */
const exposedFor = (access: RequestAccess, body: CaseInput): CaseInput => ({
  ...body,
  exposed_to_kitting: exposedCasesOnly(access) || body.exposed_to_kitting,
});

export function caseService(database: DatabaseHandle, linkChanged?: (deviceIds: string[]) => Promise<void>) {
  const q = database.query;
  const devices = deviceService(database, linkChanged);
  const writes = caseWrites(database);

  const get = async (access: RequestAccess, id: string): Promise<Case> =>
    found(await findCase(q, access, exposedCasesOnly(access), id));
  const vehicleOf = async (kase: Case, vehicleId: string) =>
    found(await findVehicle(q, kase.customer.id, vehicleId));
  /** A device set up in the case (another case's device is not found here). */
  const deviceIn = async (access: RequestAccess, caseId: string, deviceId: string) => {
    await get(access, caseId);
    const device = await devices.get(access, deviceId);
    if (device.kitting?.id !== caseId) throw new ApiError('notFound');
    return device;
  };

  return {
    get,
    list: async (access: RequestAccess, query: ListQuery & { customer_id?: string | undefined }) =>
      pageOf(query, await listCases(q, access, exposedCasesOnly(access), query)),

    async create(access: RequestAccess, body: CaseInput) {
      await access.mustUseCustomer(body.customer_id);
      return get(access, await writes.create(access, (tx) => insertCase(tx.query, exposedFor(access, body))));
    },

    async update(access: RequestAccess, id: string, body: CaseInput) {
      const kase = await get(access, id);
      if (body.customer_id !== kase.customer.id)
        throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'invalid' }] });
      if (body.devices_needed < kase.devices_registered)
        throw new ApiError('validation', {
          fields: [{ field: 'devices_needed', key: 'devicesBelowRegistered' }],
        });
      await writes.update(access, kase.id, (tx) => updateCase(tx.query, kase.id, exposedFor(access, body)));
      return get(access, kase.id);
    },

    async remove(access: RequestAccess, id: string) {
      const kase = await get(access, id);
      if (kase.devices_registered > 0) throw new ApiError('conflict', { messageKey: 'caseHasDevices' });
      await writes.remove(access, kase.id, async (tx) => {
        const refused = await deleteCase(tx, kase.id);
        if (refused) throw new ApiError('conflict', { messageKey: refused });
      });
      return null;
    },

    async vehicles(access: RequestAccess, id: string, query: ListQuery) {
      const kase = await get(access, id);
      return pageOf(query, await caseVehicles(q, kase, query));
    },

    /** A vehicle of the case's customer and its device (none yet: null). */
    async vehicleDevice(access: RequestAccess, id: string, vehicleId: string) {
      const vehicle = await vehicleOf(await get(access, id), vehicleId);
      return { vehicle, device: (await findDeviceOfVehicle(q, vehicle.id)) ?? null };
    },

    /** Registers (or changes) the vehicle's device in this case. */
    async registerDevice(
      access: RequestAccess,
      id: string,
      vehicleId: string,
      body: z.output<typeof caseDeviceBodySchema>,
    ) {
      const kase = await get(access, id);
      const vehicle = await vehicleOf(kase, vehicleId);
      const existing = await findDeviceOfVehicle(q, vehicle.id);
      const input = { ...body, customer_id: kase.customer.id, kitting_id: kase.id, vehicle_id: vehicle.id };
      return devices.save(access, input, existing?.id ?? null);
    },

    device: deviceIn,

    async changeDeviceSettings(
      access: RequestAccess,
      id: string,
      deviceId: string,
      body: z.output<typeof deviceSettingsSchema>,
    ) {
      const device = await deviceIn(access, id, deviceId);
      return devices.save(access, { ...deviceBodyOf(device), ...body }, device.id);
    },
  };
}
