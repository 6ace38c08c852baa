// Cases (domain spec §3, console routes /cases…): kitting batches with their vehicles, the devices
// registered for them, the devices' profile and settings, and the SIM cards with their carrier
// states. Kitting users reach only the cases exposed to them; everyone else their tenant scope.
import {
  ACTION_ROLES,
  caseBodySchema,
  caseDeviceBodySchema,
  caseSchema,
  caseVehicleSchema,
  deviceSchema,
  deviceSettingsSchema,
  listPageSchema,
  listQuerySchema,
  routeRoles,
  simActionBodySchema,
  simBodySchema,
  simSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { startJob } from '../../platform/jobs.ts';
import { pageOf } from '../../platform/lists.ts';
import { mustUseCustomer } from '../../platform/tenancy.ts';
import { callerOf } from '../devices/index.ts';
import { findDevice, findDeviceOfVehicle } from '../devices/repository.ts';
import { type DeviceCaller, inputOf, saveDevice } from '../devices/service.ts';
import { completeDueSimChanges, simCarrierJob } from './carrier.ts';
import {
  caseVehicles,
  deleteCase,
  findCase,
  findVehicle,
  insertCase,
  listCases,
  updateCase,
} from './repository.ts';
import { createSim, deleteSim, findSim, listSims, requestSimChange, updateSim } from './sims.ts';

const idParams = z.object({ id: z.uuid() });
const vehicleParams = idParams.extend({ vehicleId: z.uuid() });
const deviceParams = idParams.extend({ deviceId: z.uuid() });
const simParams = idParams.extend({ simId: z.uuid() });
const CASE_NUMBER_UNIQUE = { cases_case_number_key: { field: 'case_number', key: 'caseNumberInUse' } };
const caseAudit = auditTrail('case', 'cases');
const simAudit = auditTrail('sim', 'sims');

export async function registerCases(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope, config } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];
  const q = database.query;
  const settle = config.SIM_SETTLE_SECONDS;

  const carrier = startJob(simCarrierJob(database, settle), app.log);
  app.addHook('onClose', async () => carrier.stop());

  const mustFind = async (caller: DeviceCaller, id: string) => found(await findCase(q, caller, id));
  const deviceInCase = async (caller: DeviceCaller, caseId: string, deviceId: string) => {
    const device = found(await findDevice(q, caller.scope, deviceId));
    if (device.kitting?.id !== caseId) throw new ApiError('notFound');
    return device;
  };
  const simOf = async (caseId: string, simId: string) => {
    await completeDueSimChanges(q, settle, simId);
    return found(await findSim(q, caseId, simId));
  };
  /** Kitting users work only on exposed cases: what they save stays exposed to them. */
  const exposedFor = (caller: DeviceCaller, exposed: boolean) => caller.exposedCasesOnly || exposed;

  routes.get(
    '/cases',
    {
      preValidation: access({ roles: routeRoles('cases') }),
      schema: {
        tags,
        summary: 'Cases the caller may see, paged (filter: case number or customer)',
        querystring: listQuerySchema.extend({ customer_id: z.uuid().optional() }),
        response: { 200: envelope(listPageSchema(caseSchema)) },
      },
    },
    async (request) => {
      const caller = await callerOf(platform, request);
      return ok(pageOf(request.query, await listCases(q, caller, request.query)));
    },
  );

  routes.get(
    '/cases/:id',
    {
      preValidation: access({ roles: routeRoles('caseDetail') }),
      schema: { tags, summary: 'One case', params: idParams, response: { 200: envelope(caseSchema) } },
    },
    async (request) => ok(await mustFind(await callerOf(platform, request), request.params.id)),
  );

  routes.post(
    '/cases',
    {
      preValidation: access({ roles: routeRoles('caseNew') }),
      schema: {
        tags,
        summary: 'Create a case',
        body: caseBodySchema,
        response: { 201: envelope(caseSchema) },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(platform, request);
      const body = request.body;
      await mustUseCustomer(database, caller.scope, body.customer_id);
      const id = await uniqueOn(CASE_NUMBER_UNIQUE, () =>
        audited(database, caseAudit(principalOf(request), 'create'), (tx) =>
          insertCase(tx.query, { ...body, exposed_to_kitting: exposedFor(caller, body.exposed_to_kitting) }),
        ),
      );
      return reply.status(201).send(ok(await mustFind(caller, found(id))));
    },
  );

  routes.put(
    '/cases/:id',
    {
      preValidation: access({ roles: routeRoles('caseEdit') }),
      schema: {
        tags,
        summary: 'Edit a case (its customer stays)',
        params: idParams,
        body: caseBodySchema,
        response: { 200: envelope(caseSchema) },
      },
    },
    async (request) => {
      const caller = await callerOf(platform, request);
      const kase = await mustFind(caller, request.params.id);
      const body = request.body;
      if (body.customer_id !== kase.customer.id)
        throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'invalid' }] });
      if (body.devices_needed < kase.devices_registered)
        throw new ApiError('validation', {
          fields: [{ field: 'devices_needed', key: 'devicesBelowRegistered' }],
        });
      await uniqueOn(CASE_NUMBER_UNIQUE, () =>
        audited(database, caseAudit(principalOf(request), 'update', kase.id), async (tx) => {
          const exposed = exposedFor(caller, body.exposed_to_kitting);
          await updateCase(tx.query, kase.id, { ...body, exposed_to_kitting: exposed });
          return kase.id;
        }),
      );
      return ok(await mustFind(caller, kase.id));
    },
  );

  routes.delete(
    '/cases/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.caseDelete }),
      schema: {
        tags,
        summary: 'Delete a case without registered devices',
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      if (kase.devices_registered > 0) throw new ApiError('conflict', { messageKey: 'caseHasDevices' });
      await audited(database, caseAudit(principalOf(request), 'delete', kase.id), async (tx) => {
        const refused = await deleteCase(tx, kase.id);
        if (refused) throw new ApiError('conflict', { messageKey: refused });
        return kase.id;
      });
      return ok(null);
    },
  );

  routes.get(
    '/cases/:id/vehicles',
    {
      preValidation: access({ roles: routeRoles('caseDetail') }),
      schema: {
        tags,
        summary: "The case customer's vehicles with their devices (filter: vehicle name or device id)",
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: envelope(listPageSchema(caseVehicleSchema)) },
      },
    },
    async (request) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      return ok(pageOf(request.query, await caseVehicles(q, kase, request.query)));
    },
  );

  const vehicleDevice = z.object({
    vehicle: z.object({ id: z.string(), name: z.string() }),
    device: deviceSchema.nullable(),
  });

  routes.get(
    '/cases/:id/vehicles/:vehicleId/device',
    {
      preValidation: access({ roles: routeRoles('caseDeviceDetail') }),
      schema: {
        tags,
        summary: 'A vehicle of the case and its device (none yet: null)',
        params: vehicleParams,
        response: { 200: envelope(vehicleDevice) },
      },
    },
    async (request) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      const vehicle = found(await findVehicle(q, kase.customer.id, request.params.vehicleId));
      return ok({ vehicle, device: (await findDeviceOfVehicle(q, vehicle.id)) ?? null });
    },
  );

  routes.put(
    '/cases/:id/vehicles/:vehicleId/device',
    {
      preValidation: access({ roles: routeRoles('caseRegisterDevice') }),
      schema: {
        tags,
        summary: "Register (or change) the vehicle's device in this case",
        params: vehicleParams,
        body: caseDeviceBodySchema,
        response: { 200: envelope(deviceSchema) },
      },
    },
    async (request) => {
      const caller = await callerOf(platform, request);
      const kase = await mustFind(caller, request.params.id);
      const vehicle = found(await findVehicle(q, kase.customer.id, request.params.vehicleId));
      const existing = await findDeviceOfVehicle(q, vehicle.id);
      const body = {
        ...request.body,
        customer_id: kase.customer.id,
        kitting_id: kase.id,
        vehicle_id: vehicle.id,
      };
      const id = await saveDevice(database, caller, body, existing?.id ?? null, principalOf(request));
      return ok(found(await findDevice(q, caller.scope, id)));
    },
  );

  routes.get(
    '/cases/:id/devices/:deviceId',
    {
      preValidation: access({ roles: routeRoles('caseDevice') }),
      schema: {
        tags,
        summary: 'A device set up in this case (profile and settings)',
        params: deviceParams,
        response: { 200: envelope(deviceSchema) },
      },
    },
    async (request) => {
      const caller = await callerOf(platform, request);
      await mustFind(caller, request.params.id);
      return ok(await deviceInCase(caller, request.params.id, request.params.deviceId));
    },
  );

  routes.put(
    '/cases/:id/devices/:deviceId/settings',
    {
      preValidation: access({ roles: routeRoles('caseEdit') }),
      schema: {
        tags,
        summary: "Change a case device's settings: icon, firmware, thresholds, installation direction",
        params: deviceParams,
        body: deviceSettingsSchema,
        response: { 200: envelope(deviceSchema) },
      },
    },
    async (request) => {
      const caller = await callerOf(platform, request);
      await mustFind(caller, request.params.id);
      const device = await deviceInCase(caller, request.params.id, request.params.deviceId);
      const body = { ...inputOf(device), ...request.body };
      await saveDevice(database, caller, body, device.id, principalOf(request));
      return ok(found(await findDevice(q, caller.scope, device.id)));
    },
  );

  routes.get(
    '/cases/:id/sims',
    {
      preValidation: access({ roles: routeRoles('caseDetail') }),
      schema: {
        tags,
        summary: "The case's SIM cards",
        params: idParams,
        response: { 200: envelope(z.array(simSchema)) },
      },
    },
    async (request) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      await completeDueSimChanges(q, settle);
      return ok(await listSims(q, kase.id));
    },
  );

  routes.post(
    '/cases/:id/sims',
    {
      preValidation: access({ roles: routeRoles('caseEdit') }),
      schema: {
        tags,
        summary: 'Add a SIM card to the case',
        params: idParams,
        body: simBodySchema,
        response: { 201: envelope(simSchema) },
      },
    },
    async (request, reply) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      const id = await audited(database, simAudit(principalOf(request), 'create'), (tx) =>
        createSim(tx.query, { id: kase.id, customerId: kase.customer.id }, request.body),
      );
      return reply.status(201).send(ok(await simOf(kase.id, found(id))));
    },
  );

  routes.get(
    '/cases/:id/sims/:simId',
    {
      preValidation: access({ roles: routeRoles('caseSim') }),
      schema: {
        tags,
        summary: 'SIM settings and status',
        params: simParams,
        response: { 200: envelope(simSchema) },
      },
    },
    async (request) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      return ok(await simOf(kase.id, request.params.simId));
    },
  );

  routes.put(
    '/cases/:id/sims/:simId',
    {
      preValidation: access({ roles: routeRoles('caseEdit') }),
      schema: {
        tags,
        summary: 'Change SIM settings (an empty password keeps the saved one)',
        params: simParams,
        body: simBodySchema,
        response: { 200: envelope(simSchema) },
      },
    },
    async (request) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      const sim = await simOf(kase.id, request.params.simId);
      await audited(database, simAudit(principalOf(request), 'update', sim.id), async (tx) => {
        await updateSim(tx.query, sim, request.body);
        return sim.id;
      });
      return ok(await simOf(kase.id, sim.id));
    },
  );

  routes.post(
    '/cases/:id/sims/:simId/actions',
    {
      preValidation: access({ roles: routeRoles('caseEdit') }),
      schema: {
        tags,
        summary: 'Ask the carrier to activate, suspend or re-activate the SIM',
        params: simParams,
        body: simActionBodySchema,
        response: { 200: envelope(simSchema) },
      },
    },
    async (request) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      const sim = await simOf(kase.id, request.params.simId);
      await audited(database, simAudit(principalOf(request), 'update', sim.id), async (tx) => {
        await requestSimChange(tx.query, sim, request.body.action);
        return sim.id;
      });
      carrier.wake();
      return ok(await simOf(kase.id, request.params.simId));
    },
  );

  routes.delete(
    '/cases/:id/sims/:simId',
    {
      preValidation: access({ roles: routeRoles('caseEdit') }),
      schema: {
        tags,
        summary: 'Remove a SIM card that no device uses',
        params: simParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const kase = await mustFind(await callerOf(platform, request), request.params.id);
      const sim = await simOf(kase.id, request.params.simId);
      await audited(database, simAudit(principalOf(request), 'delete', sim.id), async (tx) => {
        await deleteSim(tx.query, sim);
        return sim.id;
      });
      return ok(null);
    },
  );
}
