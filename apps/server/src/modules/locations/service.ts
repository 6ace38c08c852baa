// Where the caller's vehicles are now, and the track of one vehicle or device in a period (at most
// 7 days, default the last day; contracts resolvePeriod). Only vehicles and devices the caller sees.
import { resolvePeriod, type trackQuerySchema, trackSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { found } from '../../platform/errors.ts';
import { findDevice, findVehicle, latestLocations, type TrackOwner, trackPoints } from './repository.ts';

type TrackQuery = z.output<typeof trackQuerySchema>;

/** The track's schema without its points, which come from the database as JSON text (repository.ts). */
export const trackWithoutPoints = trackSchema.omit({ points: true });

/** A track: its fields, and its points as a JSON array to splice into the answer. */
export interface TrackAnswer {
  data: z.output<typeof trackWithoutPoints>;
  pointsJson: string;
}

export function locationService(database: DatabaseHandle) {
  async function track(
    owner: TrackOwner,
    by: { vehicleId: string } | { devicePk: string },
    query: TrackQuery,
  ): Promise<TrackAnswer> {
    const period = resolvePeriod(query);
    const start = new Date(period.start).toISOString();
    const end = new Date(period.end).toISOString();
    const { pointsJson, thinned } = await trackPoints(database, by, owner.customer_id, start, end);
    const { vehicle, device, state } = owner;
    return { data: { vehicle, device, state, start, end, thinned }, pointsJson };
  }

  return {
    latest: async (scope: Scoped, customerId: string | undefined) => ({
      list: await latestLocations(database, scope, customerId),
    }),

    async vehicleTrack(scope: Scoped, id: string, query: TrackQuery) {
      const owner = found(await findVehicle(database, scope, id));
      return track(owner, { vehicleId: id }, query);
    },

    /** A device by its record id (uuid) or its device id (digits). */
    async deviceRoute(scope: Scoped, key: string, query: TrackQuery) {
      const owner = found(await findDevice(database, scope, key));
      return track(owner, { devicePk: owner.device?.id ?? '' }, query);
    },
  };
}
