import type { Role } from '@fleetlens/contracts';
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmInRow, findRow, pageOf } from '../../test/lists';
import { demoProfile, renderInShell } from '../../test/render';
import { roles } from './api';
import { RolesPage } from './RolesPage';

const fetchRoles = vi.spyOn(roles, 'list');
const deleteRole = vi.spyOn(roles, 'remove');

const role: Role = {
  id: 'r-1',
  name: 'Short-lived',
  description: '',
  privileges: ['vehicle:view'],
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  user_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('the roles list', () => {
  it('offers admin to delete a role, asking first', async () => {
    fetchRoles.mockResolvedValue(pageOf([role], 20));
    deleteRole.mockResolvedValue({ id: role.id });
    await renderInShell(<RolesPage />, { path: '/roles' });
    const row = await findRow('Short-lived');
    await confirmInRow(row, 'Delete', deleteRole, 'r-1');
  });

  it('shows no delete to support, who may only read roles', async () => {
    fetchRoles.mockResolvedValue(pageOf([role], 20));
    await renderInShell(<RolesPage />, { path: '/roles', profile: demoProfile({ sys_role: 'support' }) });
    const row = await findRow('Short-lived');
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
