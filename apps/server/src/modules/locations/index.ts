// Locations (resource `location`; console routes /dashboard, /vehicles/:id/map,
// /devices/:deviceId/drive-route): where the caller's vehicles are now, where one vehicle went in a
// period, and one device's drive route between start and end. The device link writes the data
// (modules/device-link, 0010_device_link.sql); this module only reads it, within the caller's
// tenant scope (platform/tenancy.ts). The API paths follow the screens' paths.
import {
  resolvePeriod,
  routeRoles,
  trackQuerySchema,
  trackSchema,
  vehicleLocationsAnswerSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { ok, sendOkWithJsonArray } from '../../platform/envelope.ts';
import { found } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { visibleCustomerIds } from '../../platform/tenancy.ts';
import { POSITIONS_RULE } from '../device-link/live.ts';
import { findDevice, findVehicle, latestLocations, type TrackOwner, trackPoints } from './repository.ts';

const idParams = z.object({ id: z.uuid() });
/** A device by its record id (uuid) or its device id (digits). */
const deviceParams = z.object({
  deviceId: z.union([z.uuid(), z.string().regex(/^[0-9]{1,32}$/, 'validation.digitsOnly')]),
});

export async function registerLocations(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];

  // The track answers trackSchema; its points come from PostgreSQL as JSON text (repository.ts).
  const trackWithoutPoints = trackSchema.omit({ points: true });
  const track = async (
    reply: FastifyReply,
    owner: TrackOwner,
    by: { vehicleId: string } | { devicePk: string },
    q: z.infer<typeof trackQuerySchema>,
  ) => {
    const period = resolvePeriod(q);
    const start = new Date(period.start).toISOString();
    const end = new Date(period.end).toISOString();
    const { pointsJson, thinned } = await trackPoints(database, by, owner.customer_id, start, end);
    const { vehicle, device, state } = owner;
    const data = { vehicle, device, state, start, end, thinned };
    return sendOkWithJsonArray(reply, trackWithoutPoints, data, 'points', pointsJson);
  };

  // The dashboard vehicle map: staff who reach vehicle maps, customer users with location:view
  // whose company has the dashboard-map function (d-map). The live positions follow the same rule.
  routes.get(
    '/locations',
    {
      preValidation: access(POSITIONS_RULE),
      schema: {
        tags,
        summary: 'The latest position and state of every vehicle the caller sees (dashboard map)',
        querystring: z.object({ customer_id: z.uuid().optional() }),
        response: { 200: envelope(vehicleLocationsAnswerSchema) },
      },
    },
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      return ok({ list: await latestLocations(database, scope, request.query.customer_id) });
    },
  );

  routes.get(
    '/vehicles/:id/map',
    {
      preValidation: access({ roles: routeRoles('vehicleMap') }),
      schema: {
        tags,
        summary:
          "One vehicle's positions between start and end (at most 7 days; default the last day), in time order",
        params: idParams,
        querystring: trackQuerySchema,
        response: { 200: envelope(trackSchema) },
      },
    },
    async (request, reply) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      const owner = found(await findVehicle(database, scope, request.params.id));
      return track(reply, owner, { vehicleId: request.params.id }, request.query);
    },
  );

  routes.get(
    '/devices/:deviceId/drive-route',
    {
      preValidation: access({ roles: routeRoles('deviceDriveRoute'), functions: ['r-map'] }),
      schema: {
        tags,
        summary:
          "One device's drive route between start and end (at most 7 days; default the last day), in time order",
        params: deviceParams,
        querystring: trackQuerySchema,
        response: { 200: envelope(trackSchema) },
      },
    },
    async (request, reply) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      const owner = found(await findDevice(database, scope, request.params.deviceId));
      return track(reply, owner, { devicePk: owner.device?.id ?? '' }, request.query);
    },
  );
}
