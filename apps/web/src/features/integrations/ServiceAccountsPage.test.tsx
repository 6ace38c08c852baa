import type { ServiceAccount } from '@fleetlens/contracts';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmInRow, findRow, ofHarbor, spyOnResource } from '../../test/lists';
import { demoProfile, renderInShell } from '../../test/render';
import { serviceAccounts } from './api';
import { ServiceAccountsPage } from './ServiceAccountsPage';

const account: ServiceAccount = {
  id: 'a-1',
  name: 'Yard ERP',
  description: '',
  ...ofHarbor,
  privileges: ['vehicle:view'],
  client_id: 'svc-a-1',
  created_by: { id: 'u-1', name: 'Demo User' },
};
const { remove: revoke } = spyOnResource(serviceAccounts, [account]);

describe('the service account list', () => {
  it('shows the client id and revokes an account after asking', async () => {
    await renderInShell(<ServiceAccountsPage />, { path: '/service-accounts' });
    const row = await findRow('Yard ERP');
    expect(within(row).getByText('svc-a-1')).toBeTruthy();
    await confirmInRow(row, 'Revoke', revoke, 'a-1', /Revoke the service account Yard ERP\?/);
  });

  it('offers no revoke to whoever may only read users', async () => {
    await renderInShell(<ServiceAccountsPage />, {
      path: '/service-accounts',
      profile: demoProfile({ sys_role: 'user', privileges: ['user:view'] }),
    });
    const row = await findRow('Yard ERP');
    expect(within(row).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
