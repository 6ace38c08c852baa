// The service-account form sends the company, name and privileges ticked, and shows the answer's
// client id and secret once, in a dialog.
import type { ServiceAccount } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HARBOR_ID } from '../../test/companies';
import { renderInShell } from '../../test/render';
import { serviceAccounts } from './api';
import { ServiceAccountFormPage } from './ServiceAccountFormPage';

const HARBOR = HARBOR_ID;

vi.mock('./api', async (original) => {
  const api = (await original()) as typeof import('./api');
  const create = vi.fn();
  return { ...api, serviceAccounts: { ...api.serviceAccounts, create }, createServiceAccount: create };
});
vi.mock('../customers/api', () => import('../../test/companies'));

const created: ServiceAccount = {
  id: 'a-1',
  name: 'Yard ERP',
  description: '',
  customer: { id: HARBOR, name: 'Harbor Logistics' },
  privileges: ['vehicle:view'],
  client_id: 'svc-a-1',
  created_by: { id: 'u-1', name: 'Demo User' },
  client_secret: 'the-secret-shown-once',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('the service account form', () => {
  it('creates an account with the privileges ticked and shows its secret once', async () => {
    vi.mocked(serviceAccounts.create).mockResolvedValue(created);
    await renderInShell(<ServiceAccountFormPage />, {
      route: '/service-accounts/new',
      path: '/service-accounts/new',
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Yard ERP' } });
    const row = screen.getByText('Vehicles').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getAllByRole('checkbox')[4] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(serviceAccounts.create).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Yard ERP', customer_id: HARBOR, privileges: ['vehicle:view'] }),
      ),
    );
    expect(await screen.findByText('the-secret-shown-once')).toBeTruthy();
    expect(screen.getByText('svc-a-1')).toBeTruthy();
  });

  it('asks for a privilege and sends nothing without one', async () => {
    vi.mocked(serviceAccounts.create).mockClear();
    await renderInShell(<ServiceAccountFormPage />, {
      route: '/service-accounts/new',
      path: '/service-accounts/new',
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Nothing' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect((await screen.findAllByText('Choose at least one privilege.')).length).toBeGreaterThan(0);
    expect(serviceAccounts.create).not.toHaveBeenCalled();
  });
});
