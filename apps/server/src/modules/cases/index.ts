// Cases (domain spec §3, console routes /cases…): kitting batches with their vehicles, the devices
// registered for them, the devices' profile and settings, and the SIM cards with their carrier
// states. Kitting users reach only the cases exposed to them; everyone else their tenant scope
// (service.ts, sims.service.ts).
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
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { startJob } from '../../platform/jobs.ts';
import { simCarrierJob } from './carrier.ts';
import { caseService } from './service.ts';
import { simService } from './sims.service.ts';

const idParams = z.object({ id: z.uuid() });
const vehicleParams = idParams.extend({ vehicleId: z.uuid() });
const deviceParams = idParams.extend({ deviceId: z.uuid() });
const simParams = idParams.extend({ simId: z.uuid() });

export async function registerCases(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope, config } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];
  const settleSeconds = config.SIM_SETTLE_SECONDS;

  const carrier = startJob(simCarrierJob(database, settleSeconds), app.log);
  app.addHook('onClose', async () => carrier.stop());
  const cases = caseService(database);
  const sims = simService(database, { settleSeconds, caseOf: cases.get, changeAsked: () => carrier.wake() });

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
    async (request) => ok(await cases.list(accessOf(request), request.query)),
  );

  routes.get(
    '/cases/:id',
    {
      preValidation: access({ roles: routeRoles('caseDetail') }),
      schema: { tags, summary: 'One case', params: idParams, response: { 200: envelope(caseSchema) } },
    },
    async (request) => ok(await cases.get(accessOf(request), request.params.id)),
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
    async (request, reply) => reply.status(201).send(ok(await cases.create(accessOf(request), request.body))),
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
    async (request) => ok(await cases.update(accessOf(request), request.params.id, request.body)),
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
    async (request) => ok(await cases.remove(accessOf(request), request.params.id)),
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
    async (request) => ok(await cases.vehicles(accessOf(request), request.params.id, request.query)),
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
    async (request) =>
      ok(await cases.vehicleDevice(accessOf(request), request.params.id, request.params.vehicleId)),
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
    async (request) =>
      ok(
        await cases.registerDevice(
          accessOf(request),
          request.params.id,
          request.params.vehicleId,
          request.body,
        ),
      ),
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
    async (request) => ok(await cases.device(accessOf(request), request.params.id, request.params.deviceId)),
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
    async (request) =>
      ok(
        await cases.changeDeviceSettings(
          accessOf(request),
          request.params.id,
          request.params.deviceId,
          request.body,
        ),
      ),
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
    async (request) => ok(await sims.list(accessOf(request), request.params.id)),
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
    async (request, reply) =>
      reply.status(201).send(ok(await sims.create(accessOf(request), request.params.id, request.body))),
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
    async (request) => ok(await sims.get(accessOf(request), request.params.id, request.params.simId)),
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
    async (request) =>
      ok(await sims.update(accessOf(request), request.params.id, request.params.simId, request.body)),
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
    async (request) =>
      ok(await sims.ask(accessOf(request), request.params.id, request.params.simId, request.body.action)),
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
    async (request) => ok(await sims.remove(accessOf(request), request.params.id, request.params.simId)),
  );
}
