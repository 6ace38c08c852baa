// The service-account calls (server modules/integrations) and their query keys.
import { type ResourceListParams, serviceAccountResource } from '@fleetlens/contracts';
import { resourceApi } from '../../api/resource';

export type ServiceAccountListParams = ResourceListParams<typeof serviceAccountResource>;

export const serviceAccounts = resourceApi(serviceAccountResource);
export const { create: createServiceAccount } = serviceAccounts;
