// The webhook form refuses an address that is not http(s) before sending, names each kind in
// words, sends the company, address and kinds, shows the signing secret once; an existing webhook
// shows its delivery log with each try's answer and sends a test.
import { WEBHOOK_KINDS, type Webhook } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HARBOR_ID } from '../../test/companies';
import { renderInShell } from '../../test/render';
import * as api from './api';
import { WebhookFormPage } from './WebhookFormPage';

const HARBOR = HARBOR_ID;

vi.mock('./api', async (original) => {
  const real = (await original()) as typeof import('./api');
  const create = vi.fn();
  const one = vi.fn();
  return {
    ...real,
    webhooks: { ...real.webhooks, create, one },
    createWebhook: create,
    fetchWebhookDeliveries: vi.fn(),
    sendWebhookTest: vi.fn(),
  };
});
vi.mock('../customers/api', () => import('../../test/companies'));

const webhook: Webhook = {
  id: 'w-1',
  name: 'Yard system',
  description: '',
  customer: { id: HARBOR, name: 'Harbor Logistics' },
  url: 'https://yard.example/hooks',
  kinds: ['event.created'],
  enabled: true,
  created_by: { id: 'u-1', name: 'Demo User' },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('the webhook form', () => {
  it('refuses an address that is not http(s), then registers one and shows its secret once', async () => {
    vi.mocked(api.webhooks.create).mockResolvedValue({ ...webhook, secret: 'whsec_shown-once' });
    await renderInShell(<WebhookFormPage />, { route: '/webhooks/new', path: '/webhooks/new' });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Yard system' } });
    // A new webhook receives every kind until some are taken off, each named in words.
    for (const name of [
      'Device events (harsh driving, impacts, zone breaches)',
      'Maintenance due (warning, due, overdue)',
      'Vehicle locked after an impact',
      'Vehicle unlocked (with the reason)',
      'Pre-shift check failed',
    ])
      expect(await screen.findByText(name)).toBeTruthy();
    const address = screen.getByLabelText('Address (URL)');
    fireEvent.change(address, { target: { value: 'ftp://yard.example/hooks' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(
      (await screen.findAllByText('Enter an address that starts with http:// or https://.')).length,
    ).toBeGreaterThan(0);
    expect(api.webhooks.create).not.toHaveBeenCalled();
    fireEvent.change(address, { target: { value: 'https://yard.example/hooks' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(api.webhooks.create).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Yard system',
          customer_id: HARBOR,
          url: 'https://yard.example/hooks',
          kinds: [...WEBHOOK_KINDS],
          enabled: true,
        }),
      ),
    );
    expect(await screen.findByText('whsec_shown-once')).toBeTruthy();
  });

  it('shows the delivery log of an existing webhook and sends a test', async () => {
    vi.mocked(api.webhooks.one).mockResolvedValue(webhook);
    vi.mocked(api.fetchWebhookDeliveries).mockResolvedValue({
      list: [
        {
          id: 'd-1',
          kind: 'event.created',
          state: 'delivered',
          created_at: '2026-11-02T00:00:00.000Z',
          attempts: [
            { attempt: 1, at: '2026-11-02T00:00:00.000Z', status: 500, error: null },
            { attempt: 2, at: '2026-11-02T00:00:01.000Z', status: 200, error: null },
          ],
        },
      ],
    });
    vi.mocked(api.sendWebhookTest).mockResolvedValue({ id: 'd-2' });
    await renderInShell(<WebhookFormPage />, { route: '/webhooks/:id/edit', path: '/webhooks/w-1/edit' });
    expect(await screen.findByText('Delivered')).toBeTruthy();
    expect(screen.getByText(/· 500$/)).toBeTruthy();
    expect(screen.getByText(/· 200$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a test' }));
    await waitFor(() => expect(api.sendWebhookTest).toHaveBeenCalledWith('w-1'));
  });
});
