// The rules of site safety zones as records: a zone belongs to one customer the caller sees (another
// company's answers as a missing one); its body is checked by the contracts' schema (a ring of 3
// distinct points or more that does not cross itself, coordinates in range, each rule with its
// value). Each write is audited (entity `zone`, the row before and after, so a moved outline or a
// changed limit can be traced to who did it); after it the evaluation's copy of that customer's
// zones is forgotten.
import {
  closedRing,
  type LngLat,
  type Zone,
  type zoneBodySchema,
  zoneResource,
  type zoneUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import { deleteZone, findZone, insertZone, listZones, updateZone } from './repository.ts';

const zoneWrites = recordWrites(zoneResource);

/** The zone as stored: its ring closed, as GeoJSON writes it (a form may send it open). */
const stored = <Z extends z.output<typeof zoneUpdateSchema>>(zone: Z): Z => ({
  ...zone,
  polygon: { type: 'Polygon', coordinates: [closedRing((zone.polygon.coordinates[0] ?? []) as LngLat[])] },
});

export function zoneService(database: DatabaseHandle, changed: (customerId: string) => Promise<void>) {
  const writes = zoneWrites(database);
  const { get: one, list } = scopedReads(database, findZone, listZones);

  return {
    list,

    get: one,

    async create(access: RequestAccess, body: z.output<typeof zoneBodySchema>): Promise<Zone> {
      await access.mustUseCustomer(body.customer_id);
      const { customer_id, ...zone } = body;
      const id = await writes.create(access, (tx) =>
        insertZone(tx, customer_id, stored(zone), access.principal.userId),
      );
      await changed(customer_id);
      return one(access, id);
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof zoneUpdateSchema>): Promise<Zone> {
      // The write learns the zone's customer (the body has none): the evaluation forgets that one's.
      let customerId: string | undefined;
      await writes.update(access, id, async (tx) => {
        customerId = await updateZone(tx, access, id, stored(body), access.principal.userId);
        return customerId !== undefined;
      });
      if (customerId) await changed(customerId);
      return one(access, id);
    },

    async remove(access: RequestAccess, id: string) {
      let customerId: string | undefined;
      await writes.remove(access, id, async (tx) => {
        customerId = await deleteZone(tx, access, id);
        return customerId !== undefined;
      });
      if (customerId) await changed(customerId);
      return { id };
    },
  };
}
