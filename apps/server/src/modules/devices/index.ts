// Devices (domain spec §3, console routes /devices…): list, read, create, edit and delete, and the
// choices the device form offers for one customer (its vehicles, groups, cases and SIMs). Who may
// call each is the route table's rule (contracts routeRoles); the rules are in service.ts.
import {
  ACTION_ROLES,
  DEVICE_VEHICLE_OPTIONS_LIMIT,
  deviceBodySchema,
  deviceListFilterSchema,
  deviceSchema,
  deviceVehicleOptionSchema,
  deviceVehicleOptionsQuerySchema,
  listPageSchema,
  listQuerySchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Platform } from '../../platform/index.ts';
import { routesOf } from '../../platform/routes.ts';
import { deviceService } from './service.ts';

const idParams = z.object({ id: z.uuid() });
const option = z.object({ id: z.string(), name: z.string() });
const optionsSchema = z.object({
  groups: z.array(option),
  cases: z.array(option),
  sims: z.array(option.extend({ device_id: z.string().nullable() })),
});

export async function registerDevices(app: FastifyInstance, platform: Platform): Promise<void> {
  const devices = deviceService(platform.database);
  const route = routesOf(app, platform, ['devices']);
  // The device form and the case's register-device form offer the options.
  const formRoles = [
    ...routeRoles('deviceNew'),
    ...routeRoles('deviceEdit'),
    ...routeRoles('caseRegisterDevice'),
  ];

  route.get(
    '/devices',
    {
      rule: { roles: routeRoles('devices') },
      summary: 'Devices the caller may see, paged (filter: device id, plate, vehicle, firmware, camera id)',
      query: listQuerySchema.extend(deviceListFilterSchema.shape),
      reply: listPageSchema(deviceSchema),
    },
    ({ access, query }) => devices.list(access, query),
  );

  route.get(
    '/devices/options',
    {
      rule: { roles: formRoles },
      summary: 'What the device form offers for one customer: its groups, cases and SIMs',
      query: z.object({ customer_id: z.uuid() }),
      reply: optionsSchema,
    },
    ({ access, query }) => devices.options(access, query.customer_id),
  );

  route.get(
    '/devices/vehicle-options',
    {
      rule: { roles: formRoles },
      summary: `The device form's vehicle picker: one customer's vehicles whose name holds q, at most ${DEVICE_VEHICLE_OPTIONS_LIMIT}, and the chosen one`,
      query: deviceVehicleOptionsQuerySchema,
      reply: z.array(deviceVehicleOptionSchema),
    },
    ({ access, query }) => devices.vehicleOptions(access, query),
  );

  route.get(
    '/devices/:id',
    {
      rule: { roles: routeRoles('deviceDetails') },
      summary: 'One device',
      params: idParams,
      reply: deviceSchema,
    },
    ({ access, params }) => devices.get(access, params.id),
  );

  route.post(
    '/devices',
    {
      rule: { roles: routeRoles('deviceNew') },
      summary: 'Create a device',
      body: deviceBodySchema,
      reply: deviceSchema,
      status: 201,
    },
    ({ access, body }) => devices.save(access, body, null),
  );

  route.put(
    '/devices/:id',
    {
      rule: { roles: routeRoles('deviceEdit') },
      summary: 'Edit a device',
      params: idParams,
      body: deviceBodySchema,
      reply: deviceSchema,
    },
    ({ access, params, body }) => devices.save(access, body, params.id),
  );

  route.delete(
    '/devices/:id',
    {
      rule: { roles: ACTION_ROLES.deviceDelete },
      summary: 'Delete a device (not one with a registered vehicle)',
      params: idParams,
      reply: z.null(),
    },
    ({ access, params }) => devices.remove(access, params.id),
  );
}
