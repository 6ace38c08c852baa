import { serviceAccountResource, webhookResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, rowsOfB } from '../walks.ts';

const accounts = resourceRoutes(serviceAccountResource, 'serviceAccount');
const webhooks = resourceRoutes(webhookResource, 'webhook');

export const walk: IsolationWalk = {
  // A webhook's own paths (its delivery log, its test) name it by `{id}` too.
  objects: [...accounts.objects, ...webhooks.objects],
  seed: async ({ insert, b }) => {
    b.serviceAccount = await insert(
      `INSERT INTO service_accounts (customer_id, name, privileges, secret_hash, created_by)
       VALUES ($1, 'B integration', '{vehicle:view}', repeat('0', 64), $2) RETURNING id`,
      [b.customer, b.user],
    );
    b.webhook = await insert(
      `INSERT INTO webhooks (customer_id, name, url, kinds, secret_sealed, created_by)
       VALUES ($1, 'B webhook', 'https://b-receiver.example/hook', '{event.created}', 'x.y.z', $2) RETURNING id`,
      [b.customer, b.user],
    );
    await insert(
      `INSERT INTO webhook_deliveries (customer_id, webhook_id, kind, body)
       VALUES ($1, $2, 'webhook.test', '{"secret":"B delivery body"}') RETURNING id`,
      [b.customer, b.webhook],
    );
  },
  bodies: (b) => ({
    [accounts.create]: { name: 'Sneaky integration', customer_id: b.customer, privileges: ['vehicle:view'] },
    [webhooks.create]: {
      name: 'Sneaky webhook',
      customer_id: b.customer,
      url: 'https://sneaky.example/hook',
      kinds: ['event.created'],
    },
    [`POST ${webhooks.url}/{id}/test`]: {},
    [webhooks.update]: {
      name: 'Taken over webhook',
      url: 'https://sneaky.example/hook',
      kinds: ['event.created'],
    },
  }),
  markers: () => ['B integration', 'B webhook', 'b-receiver.example'],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('service_accounts')} AS accounts, ${rowsOfB('webhooks')} AS webhooks,
              (SELECT count(*) FROM webhook_deliveries WHERE customer_id = $1) AS deliveries,
              (SELECT count(*) FROM service_accounts WHERE name LIKE 'Sneaky%') AS sneaky_accounts,
              (SELECT count(*) FROM webhooks WHERE name LIKE 'Sneaky%' OR name LIKE 'Taken over%') AS sneaky_hooks`,
      [b.customer],
    ),
};
