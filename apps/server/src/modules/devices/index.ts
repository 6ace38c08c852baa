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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { deviceService } from './service.ts';

const idParams = z.object({ id: z.uuid() });
const option = z.object({ id: z.string(), name: z.string() });
const optionsSchema = z.object({
  groups: z.array(option),
  cases: z.array(option),
  sims: z.array(option.extend({ device_id: z.string().nullable() })),
});

export async function registerDevices(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const devices = deviceService(platform.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['devices'];
  // The device form and the case's register-device form offer the options.
  const formRoles = [
    ...routeRoles('deviceNew'),
    ...routeRoles('deviceEdit'),
    ...routeRoles('caseRegisterDevice'),
  ];

  routes.get(
    '/devices',
    {
      preValidation: access({ roles: routeRoles('devices') }),
      schema: {
        tags,
        summary: 'Devices the caller may see, paged (filter: device id, plate, vehicle, firmware, camera id)',
        querystring: listQuerySchema.extend(deviceListFilterSchema.shape),
        response: { 200: envelope(listPageSchema(deviceSchema)) },
      },
    },
    async (request) => ok(await devices.list(accessOf(request), request.query)),
  );

  routes.get(
    '/devices/options',
    {
      preValidation: access({ roles: formRoles }),
      schema: {
        tags,
        summary: 'What the device form offers for one customer: its groups, cases and SIMs',
        querystring: z.object({ customer_id: z.uuid() }),
        response: { 200: envelope(optionsSchema) },
      },
    },
    async (request) => ok(await devices.options(accessOf(request), request.query.customer_id)),
  );

  routes.get(
    '/devices/vehicle-options',
    {
      preValidation: access({ roles: formRoles }),
      schema: {
        tags,
        summary: `The device form's vehicle picker: one customer's vehicles whose name holds q, at most ${DEVICE_VEHICLE_OPTIONS_LIMIT}, and the chosen one`,
        querystring: deviceVehicleOptionsQuerySchema,
        response: { 200: envelope(z.array(deviceVehicleOptionSchema)) },
      },
    },
    async (request) => ok(await devices.vehicleOptions(accessOf(request), request.query)),
  );

  routes.get(
    '/devices/:id',
    {
      preValidation: access({ roles: routeRoles('deviceDetails') }),
      schema: { tags, summary: 'One device', params: idParams, response: { 200: envelope(deviceSchema) } },
    },
    async (request) => ok(await devices.get(accessOf(request), request.params.id)),
  );

  routes.post(
    '/devices',
    {
      preValidation: access({ roles: routeRoles('deviceNew') }),
      schema: {
        tags,
        summary: 'Create a device',
        body: deviceBodySchema,
        response: { 201: envelope(deviceSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await devices.save(accessOf(request), request.body, null))),
  );

  routes.put(
    '/devices/:id',
    {
      preValidation: access({ roles: routeRoles('deviceEdit') }),
      schema: {
        tags,
        summary: 'Edit a device',
        params: idParams,
        body: deviceBodySchema,
        response: { 200: envelope(deviceSchema) },
      },
    },
    async (request) => ok(await devices.save(accessOf(request), request.body, request.params.id)),
  );

  routes.delete(
    '/devices/:id',
    {
      preValidation: access({ roles: ACTION_ROLES.deviceDelete }),
      schema: {
        tags,
        summary: 'Delete a device (not one with a registered vehicle)',
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => ok(await devices.remove(accessOf(request), request.params.id)),
  );
}
