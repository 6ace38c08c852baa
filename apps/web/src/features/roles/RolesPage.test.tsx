import type { Role } from '@fleetlens/contracts';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmInRow, findRow, ofHarbor, spyOnResource } from '../../test/lists';
import { demoProfile, renderInShell } from '../../test/render';
import { roles } from './api';
import { RolesPage } from './RolesPage';

const role: Role = {
  id: 'r-1',
  name: 'Short-lived',
  description: '',
  privileges: ['vehicle:view'],
  ...ofHarbor,
  user_count: 0,
};
const { remove: deleteRole } = spyOnResource(roles, [role]);

describe('the roles list', () => {
  it('offers admin to delete a role, asking first', async () => {
    await renderInShell(<RolesPage />, { path: '/roles' });
    const row = await findRow('Short-lived');
    await confirmInRow(row, 'Delete', deleteRole, 'r-1');
  });

  it('shows no delete to support, who may only read roles', async () => {
    await renderInShell(<RolesPage />, { path: '/roles', profile: demoProfile({ sys_role: 'support' }) });
    const row = await findRow('Short-lived');
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
