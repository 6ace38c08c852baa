// Locations (resource `location`; console routes /dashboard, /vehicles/:id/map,
// /devices/:deviceId/drive-route): where the caller's vehicles are now, where one vehicle went in a
// period, and one device's drive route between start and end. The device link writes the data
// (modules/device-link, 0010_device_link.sql); this module only reads it, within the caller's
// tenant scope (service.ts). The API paths follow the screens' paths.
import {
  READ_RULES,
  trackQuerySchema,
  trackSchema,
  vehicleLocationsAnswerSchema,
} from '@fleetlens/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendOkWithJsonArray } from '../../platform/envelope.ts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { locationService, type TrackAnswer, trackWithoutPoints } from './service.ts';

/** A device by its record id (uuid) or its device id (digits). */
const deviceParams = z.object({
  deviceId: z.union([z.uuid(), z.string().regex(/^[0-9]{1,32}$/, 'validation.digitsOnly')]),
});

export const registerLocations = routeModule(['locations'], async (route, platform) => {
  const places = locationService(platform.database);

  // The track answers trackSchema, its points spliced in as the database wrote them.
  const sendTrack = (reply: FastifyReply, track: TrackAnswer) =>
    sendOkWithJsonArray(reply, trackWithoutPoints, track.data, 'points', track.pointsJson);

  // The dashboard vehicle map: staff who reach vehicle maps, customer users with location:view
  // whose company has the dashboard-map function (d-map). The live positions follow the same rule.
  route.get(
    '/locations',
    op(
      READ_RULES.positions,
      'The latest position and state of every vehicle the caller sees (dashboard map)',
      {
        query: z.object({ customer_id: z.uuid().optional() }),
        reply: vehicleLocationsAnswerSchema,
      },
    ),
    ({ access, query }) => places.latest(access, query.customer_id),
  );

  route.get(
    '/vehicles/:id/map',
    op(
      'vehicleMap',
      "One vehicle's positions between start and end (at most 7 days; default the last day), in time order",
      { params: idParams, query: trackQuerySchema, reply: trackSchema },
    ),
    async ({ access, params, query, reply }) =>
      sendTrack(reply, await places.vehicleTrack(access, params.id, query)),
  );
  route.get(
    '/devices/:deviceId/drive-route',
    op(
      'deviceDriveRoute',
      "One device's drive route between start and end (at most 7 days; default the last day), in time order",
      { params: deviceParams, query: trackQuerySchema, reply: trackSchema },
    ),
    async ({ access, params, query, reply }) =>
      sendTrack(reply, await places.deviceRoute(access, params.deviceId, query)),
  );
});
