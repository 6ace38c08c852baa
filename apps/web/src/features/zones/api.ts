// The site safety zone calls (server modules/zones) and their query keys.
import { type ResourceListParams, zoneResource } from '@fleetlens/contracts';
import { resourceApi } from '../../api/resource';

export type ZoneListParams = ResourceListParams<typeof zoneResource>;

export const zones = resourceApi(zoneResource);
