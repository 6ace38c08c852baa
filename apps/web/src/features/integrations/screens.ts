// The integration screens, loaded together on first use (routes/screens.ts): service accounts and
// webhooks.
import { serviceAccountResource, webhookResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { ServiceAccountFormPage } from './ServiceAccountFormPage';
import { ServiceAccountsPage } from './ServiceAccountsPage';
import { WebhookFormPage } from './WebhookFormPage';
import { WebhooksPage } from './WebhooksPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(serviceAccountResource, { list: ServiceAccountsPage, form: ServiceAccountFormPage }),
  ...resourceScreens(webhookResource, { list: WebhooksPage, form: WebhookFormPage }),
};
