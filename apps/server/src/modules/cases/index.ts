// Cases (domain spec §3, console routes /cases…): kitting batches with their vehicles, the devices
// registered for them, the devices' profile and settings, and the SIM cards with their carrier
// states. Kitting users reach only the cases exposed to them; everyone else their tenant scope
// (service.ts, sims.service.ts).
import {
  caseDeviceBodySchema,
  caseResource,
  caseVehicleSchema,
  deviceSchema,
  deviceSettingsSchema,
  listPageSchema,
  listQuerySchema,
  simActionBodySchema,
  simBodySchema,
  simSchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { idParams, op, resource, routeModule } from '../../platform/routes.ts';
import { LINKED_DEVICES_CHANGED } from '../device-link/public.ts';
import { simCarrierJob } from './carrier.ts';
import { caseService } from './service.ts';
import { simService } from './sims.service.ts';

const vehicleParams = idParams.extend({ vehicleId: z.uuid() });
const deviceParams = idParams.extend({ deviceId: z.uuid() });
const simParams = idParams.extend({ simId: z.uuid() });

export const registerCases = routeModule(['cases'], async (route, platform, app) => {
  const { database, config } = platform;
  const settleSeconds = config.SIM_SETTLE_SECONDS;

  const carrier = platform.jobs.start(simCarrierJob(database, settleSeconds));
  app.addHook('onClose', async () => carrier.stop());
  const cases = caseService(database, platform.hub.publisher(LINKED_DEVICES_CHANGED));
  const sims = simService(database, { settleSeconds, caseOf: cases.get, changeAsked: () => carrier.wake() });

  resource(route, caseResource, {
    removed: z.null(),
    service: cases,
    list: { summary: 'Cases the caller may see, paged (filter: case number or customer)' },
    get: { summary: 'One case' },
    create: { summary: 'Create a case' },
    edit: { summary: 'Edit a case (its customer stays)' },
    remove: { summary: 'Delete a case without registered devices' },
  });

  route.get(
    '/cases/:id/vehicles',
    op(
      caseResource.pages.detail,
      "The case customer's vehicles with their devices (filter: vehicle name or device id)",
      {
        params: idParams,
        query: listQuerySchema,
        reply: listPageSchema(caseVehicleSchema),
      },
    ),
    ({ access, params, query }) => cases.vehicles(access, params.id, query),
  );

  const vehicleDevice = z.object({
    vehicle: z.object({ id: z.string(), name: z.string() }),
    device: deviceSchema.nullable(),
  });
  const device = { params: deviceParams, reply: deviceSchema };
  const sim = { params: simParams, reply: simSchema };

  route.get(
    '/cases/:id/vehicles/:vehicleId/device',
    op('caseDeviceDetail', 'A vehicle of the case and its device (none yet: null)', {
      params: vehicleParams,
      reply: vehicleDevice,
    }),
    ({ access, params }) => cases.vehicleDevice(access, params.id, params.vehicleId),
  );
  route.put(
    '/cases/:id/vehicles/:vehicleId/device',
    op('caseRegisterDevice', "Register (or change) the vehicle's device in this case", {
      params: vehicleParams,
      body: caseDeviceBodySchema,
      reply: deviceSchema,
    }),
    ({ access, params, body }) => cases.registerDevice(access, params.id, params.vehicleId, body),
  );
  route.get(
    '/cases/:id/devices/:deviceId',
    op('caseDevice', 'A device set up in this case (profile and settings)', device),
    ({ access, params }) => cases.device(access, params.id, params.deviceId),
  );
  route.put(
    '/cases/:id/devices/:deviceId/settings',
    op(
      caseResource.pages.edit,
      "Change a case device's settings: icon, firmware, thresholds, installation direction",
      {
        ...device,
        body: deviceSettingsSchema,
      },
    ),
    ({ access, params, body }) => cases.changeDeviceSettings(access, params.id, params.deviceId, body),
  );

  route.get(
    '/cases/:id/sims',
    op(caseResource.pages.detail, "The case's SIM cards", { params: idParams, reply: z.array(simSchema) }),
    ({ access, params }) => sims.list(access, params.id),
  );
  route.post(
    '/cases/:id/sims',
    op(caseResource.pages.edit, 'Add a SIM card to the case', {
      params: idParams,
      body: simBodySchema,
      reply: simSchema,
      status: 201,
    }),
    ({ access, params, body }) => sims.create(access, params.id, body),
  );
  route.get('/cases/:id/sims/:simId', op('caseSim', 'SIM settings and status', sim), ({ access, params }) =>
    sims.get(access, params.id, params.simId),
  );
  route.put(
    '/cases/:id/sims/:simId',
    op(caseResource.pages.edit, 'Change SIM settings (an empty password keeps the saved one)', {
      ...sim,
      body: simBodySchema,
    }),
    ({ access, params, body }) => sims.update(access, params.id, params.simId, body),
  );
  route.post(
    '/cases/:id/sims/:simId/actions',
    op(caseResource.pages.edit, 'Ask the carrier to activate, suspend or re-activate the SIM', {
      ...sim,
      body: simActionBodySchema,
    }),
    ({ access, params, body }) => sims.ask(access, params.id, params.simId, body.action),
  );
  route.delete(
    '/cases/:id/sims/:simId',
    op(caseResource.pages.edit, 'Remove a SIM card that no device uses', {
      params: simParams,
      reply: z.null(),
    }),
    ({ access, params }) => sims.remove(access, params.id, params.simId),
  );
});
