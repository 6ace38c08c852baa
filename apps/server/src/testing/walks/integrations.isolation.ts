import { serviceAccountResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, rowsOfBAndSneaky } from '../walks.ts';

const accounts = resourceRoutes(serviceAccountResource, 'serviceAccount');

export const walk: IsolationWalk = {
  objects: accounts.objects,
  seed: async ({ insert, b }) => {
    b.serviceAccount = await insert(
      `INSERT INTO service_accounts (customer_id, name, privileges, secret_hash, created_by)
       VALUES ($1, 'B integration', '{vehicle:view}', repeat('0', 64), $2) RETURNING id`,
      [b.customer, b.user],
    );
  },
  bodies: (b) => ({
    [accounts.create]: { name: 'Sneaky integration', customer_id: b.customer, privileges: ['vehicle:view'] },
  }),
  markers: () => ['B integration'],
  snapshot: rowsOfBAndSneaky('service_accounts'),
};
