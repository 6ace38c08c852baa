// Devices (domain spec §3, console routes /devices…): list, read, create, edit and delete, and the
// choices the device form offers for one customer (its vehicles, groups, cases and SIMs). Who may
// call each is the route table's rule (contracts routeRoles); what they see is their tenant scope.
import {
  ACTION_ROLES,
  DEVICE_VEHICLE_OPTIONS_LIMIT,
  type DeviceVehicleOption,
  deviceBodySchema,
  deviceListFilterSchema,
  deviceSchema,
  deviceVehicleOptionSchema,
  deviceVehicleOptionsQuerySchema,
  listPageSchema,
  listQuerySchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { likePattern, pageOf } from '../../platform/lists.ts';
import { scopeOf } from '../../platform/tenancy.ts';
import { parseLinkState, vehicleLinkStateJson } from '../device-link/states.ts';
import { findDevice, listDevices } from './repository.ts';
import { type DeviceCaller, removeDevice, saveDevice } from './service.ts';

const idParams = z.object({ id: z.uuid() });
const option = z.object({ id: z.string(), name: z.string() });
const optionsSchema = z.object({
  groups: z.array(option),
  cases: z.array(option),
  sims: z.array(option.extend({ device_id: z.string().nullable() })),
});

export async function callerOf(platform: Platform, request: FastifyRequest): Promise<DeviceCaller> {
  return {
    scope: await scopeOf(platform.database, request),
    exposedCasesOnly: principalOf(request).sysRole === 'kitting',
  };
}

export async function registerDevices(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
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
    async (request) => {
      const { scope } = await callerOf(platform, request);
      return ok(pageOf(request.query, await listDevices(database, scope, request.query, request.query)));
    },
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
    async (request) => {
      const caller = await callerOf(platform, request);
      const customer = request.query.customer_id;
      if (caller.scope !== null && !caller.scope.includes(customer)) throw new ApiError('notFound');
      const q = database.query;
      const [groups, cases, sims] = await Promise.all([
        q<{ id: string; name: string }>(
          'SELECT id, name FROM vehicle_groups WHERE customer_id = $1 ORDER BY lower(name)',
          [customer],
        ),
        q<{ id: string; name: string }>(
          `SELECT id, case_number AS name FROM cases WHERE customer_id = $1 AND (NOT $2 OR exposed_to_kitting)
            ORDER BY case_number`,
          [customer, caller.exposedCasesOnly],
        ),
        q<{ id: string; name: string; device_id: string | null }>(
          `SELECT s.id, s.phone AS name, d.device_id FROM sims s LEFT JOIN devices d ON d.sim_id = s.id
            WHERE s.customer_id = $1 ORDER BY s.phone`,
          [customer],
        ),
      ]);
      return ok({ groups, cases, sims });
    },
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
    async (request) => {
      const caller = await callerOf(platform, request);
      const { customer_id: customer, q, vehicle_id: chosen } = request.query;
      if (caller.scope !== null && !caller.scope.includes(customer)) throw new ApiError('notFound');
      // The chosen vehicle comes first whatever the search, so an edited device keeps showing it.
      const vehicles = await database.query<Omit<DeviceVehicleOption, 'state'> & { link_state: unknown }>(
        `SELECT v.id, v.name, d.device_id, ${vehicleLinkStateJson('v')} AS link_state
           FROM vehicles v LEFT JOIN devices d ON d.vehicle_id = v.id
          WHERE v.customer_id = $1 AND ($2::text IS NULL OR lower(v.name) LIKE $2 OR v.id = $3::uuid)
          ORDER BY v.id = $3::uuid DESC NULLS LAST, lower(v.name), v.id LIMIT $4`,
        [customer, likePattern(q), chosen ?? null, DEVICE_VEHICLE_OPTIONS_LIMIT],
      );
      return ok(vehicles.map(({ link_state, ...v }) => ({ ...v, state: parseLinkState(link_state) })));
    },
  );

  routes.get(
    '/devices/:id',
    {
      preValidation: access({ roles: routeRoles('deviceDetails') }),
      schema: { tags, summary: 'One device', params: idParams, response: { 200: envelope(deviceSchema) } },
    },
    async (request) => {
      const { scope } = await callerOf(platform, request);
      return ok(found(await findDevice(database.query, scope, request.params.id)));
    },
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
    async (request, reply) => {
      const caller = await callerOf(platform, request);
      const id = await saveDevice(database, caller, request.body, null, principalOf(request));
      return reply.status(201).send(ok(found(await findDevice(database.query, caller.scope, id))));
    },
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
    async (request) => {
      const caller = await callerOf(platform, request);
      await saveDevice(database, caller, request.body, request.params.id, principalOf(request));
      return ok(found(await findDevice(database.query, caller.scope, request.params.id)));
    },
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
    async (request) => {
      const { scope } = await callerOf(platform, request);
      await removeDevice(database, scope, request.params.id, principalOf(request));
      return ok(null);
    },
  );
}
