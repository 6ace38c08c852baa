// The integration calls (server modules/integrations): service accounts and webhooks, their query
// keys, and a webhook's own calls (its delivery log, a test delivery).
import {
  type ResourceListParams,
  serviceAccountResource,
  type WebhookDelivery,
  webhookResource,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { resourceApi } from '../../api/resource';

export type ServiceAccountListParams = ResourceListParams<typeof serviceAccountResource>;

export const serviceAccounts = resourceApi(serviceAccountResource);
export const { create: createServiceAccount } = serviceAccounts;

export const webhooks = resourceApi(webhookResource);
export const { create: createWebhook, update: updateWebhook } = webhooks;

const webhookAddress = (id: string) => `${webhookResource.path}/${encodeURIComponent(id)}`;

export const webhookDeliveryKeys = (id: string) => [...webhooks.keys.one(id), 'deliveries'];
export const fetchWebhookDeliveries = (id: string) =>
  api.get<{ list: WebhookDelivery[] }>(`${webhookAddress(id)}/deliveries`);
export const sendWebhookTest = (id: string) => api.post<{ id: string }>(`${webhookAddress(id)}/test`, {});
