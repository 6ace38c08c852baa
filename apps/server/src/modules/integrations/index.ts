// Integrations (docs/decisions/2026-12-07-service-accounts.md): a company's
// service accounts, listed, created (the secret answered once) and revoked. They sign in at the
// realm with the client-credentials grant (modules/identity, through ./public.ts) and call the API
// as their company with their privileges (platform/auth.ts). The rules are in service.ts.
import { serviceAccountResource } from '@fleetlens/contracts';
import { resource, routeModule } from '../../platform/routes.ts';
import { serviceAccountService } from './service.ts';

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
});
