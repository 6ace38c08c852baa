// Integrations (docs/decisions/2026-12-07-service-accounts.md, 2026-12-07-webhooks.md): a
// company's service accounts, listed, created (the secret answered once) and revoked. They sign in
// at the realm with the client-credentials grant (modules/identity, through ./public.ts) and call
// the API as their company with their privileges (platform/auth.ts). The rules are in service.ts.
// And its webhooks: registered, edited, deleted, their delivery log and a test delivery; new
// events reach them from modules/events (its public face), every other kind from the module where
// it happens through ./public.ts `publishWebhooks`; deliveries go out on the job queue
// (webhooks.service.ts).
import { serviceAccountResource, webhookDeliveriesSchema, webhookResource } from '@fleetlens/contracts';
import { z } from 'zod';
import { idParams, op, resource, routeModule } from '../../platform/routes.ts';
import { onEventsCreated } from '../events/public.ts';
import { setWebhookPublisher } from './publish.ts';
import { serviceAccountService } from './service.ts';
import { WEBHOOK_QUEUE, type WebhookJob, webhookService } from './webhooks.service.ts';

export const registerIntegrations = routeModule(['integrations'], async (route, platform) => {
  resource(route, serviceAccountResource, {
    service: serviceAccountService(platform.database),
    list: { summary: 'Service accounts, paged (filter: name or company name; customer_id: one company)' },
    get: { summary: 'One service account (never its secret)' },
    create: {
      summary:
        'Create a service account with privileges the caller holds; the answer carries its client secret, once',
    },
    remove: { summary: 'Revoke a service account: its client and every token it holds stop at once' },
  });

  const { config } = platform;
  const webhooks = webhookService(platform.database, platform.queue, {
    retryLimit: config.WEBHOOK_RETRY_LIMIT,
    timeoutSeconds: config.WEBHOOK_TIMEOUT_SECONDS,
    allowPrivate: config.webhookPrivateTargets,
  });
  await platform.queue.define<WebhookJob>({
    name: WEBHOOK_QUEUE,
    retryLimit: config.WEBHOOK_RETRY_LIMIT,
    retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
    // Short jobs: several at once, a few of one company's at a time across every replica.
    workers: 2,
    batchSize: 5,
    perCustomer: 4,
    expireInSeconds: config.WEBHOOK_TIMEOUT_SECONDS + 60,
    run: webhooks.run,
  });
  onEventsCreated(platform.hub, (ids) => webhooks.eventsCreated(ids));
  setWebhookPublisher(platform.hub, webhooks.publish);

  resource(route, webhookResource, {
    service: webhooks,
    list: { summary: 'Webhooks, paged (filter: name, address or company name; customer_id: one company)' },
    get: { summary: 'One webhook (never its secret)' },
    create: {
      summary: 'Register a webhook (an http or https address); the answer carries its signing secret, once',
    },
    edit: { summary: 'Change a webhook: name, address, kinds, enabled (not its company or secret)' },
    remove: { summary: 'Delete a webhook and its delivery log' },
  });
  route.get(
    `${webhookResource.path}/:id/deliveries`,
    op(webhookResource.pages.list, "A webhook's latest 50 deliveries, newest first, with each try's answer", {
      params: idParams,
      reply: webhookDeliveriesSchema,
    }),
    ({ access, params }) => webhooks.deliveries(access, params.id),
  );
  route.post(
    `${webhookResource.path}/:id/test`,
    op(webhookResource.pages.edit, 'Send a test delivery (kind webhook.test) to a webhook, enabled or not', {
      params: idParams,
      reply: z.object({ id: z.string() }),
      status: 202,
    }),
    ({ access, params }) => webhooks.test(access, params.id),
  );
});
