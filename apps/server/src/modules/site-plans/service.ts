// The rules of site plans: a plan belongs to one customer the caller sees (another company's
// answers as a missing one); a GeoJSON file must be a FeatureCollection in longitude/latitude
// and an image one whole PNG, JPEG or WebP of bounded size with four corners, stored re-encoded
// (image.ts). A refused upload changes nothing: the old plan stays.
import { parseSitePlanCorners, parseSitePlanGeojson, type SitePlan } from '@fleetlens/contracts';

import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { customerExists } from '../customers/public.ts';
import { planImageOf } from './image.ts';
import { deleteSitePlan, type PlanWrite, saveSitePlan, sitePlans } from './repository.ts';

export interface PlanUpload {
  fields: { kind: 'geojson' | 'image'; corners?: string };
  file?: { data: Buffer; fileName: string };
}

const invalid = (field: string, key: string) => new ApiError('validation', { fields: [{ field, key }] });

/** The upload as a plan to store, or the validation error that says what is wrong with it. */
export async function planOfUpload({ fields, file }: PlanUpload): Promise<PlanWrite> {
  if (!file) throw invalid('file', 'fileRequired');
  if (fields.kind === 'geojson') {
    const { plan, key } = parseSitePlanGeojson(file.data.toString('utf8'));
    if (!plan) throw invalid('file', key ?? 'sitePlanGeojson');
    return { kind: 'geojson', geojson: plan };
  }
  const corners = parseSitePlanCorners(fields.corners);
  const image = await planImageOf(file.data);
  if ('key' in image) throw invalid('file', image.key);
  if (!corners) throw invalid('corners', 'sitePlanCorners');
  return { kind: 'image', imageType: image.imageType, imageData: image.data.toString('base64'), corners };
}

export function sitePlanService(database: DatabaseHandle) {
  /** A customer named in the path: visible to the caller and existing, else 404. */
  async function mustReach(access: RequestAccess, customerId: string) {
    access.mustSee(customerId);
    if (!(await customerExists(database, customerId))) throw new ApiError('notFound');
  }

  return {
    list: async (scope: Scoped, customerId: string | undefined) => ({
      list: await sitePlans(database, scope, customerId),
    }),

    /** Checks the caller's reach before reading the upload, then the upload, then stores it. */
    async save(
      access: RequestAccess,
      customerId: string,
      read: () => Promise<PlanUpload>,
    ): Promise<SitePlan> {
      await mustReach(access, customerId);
      const plan = await planOfUpload(await read());
      return saveSitePlan(database, customerId, plan, access.principal.userId);
    },

    async remove(access: RequestAccess, customerId: string) {
      await mustReach(access, customerId);
      if (!(await deleteSitePlan(database, customerId))) throw new ApiError('notFound');
      return { customer_id: customerId };
    },
  };
}
