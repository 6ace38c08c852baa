import type { Webhook } from '@fleetlens/contracts';
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmInRow, findRow, pageOf } from '../../test/lists';
import { renderInShell } from '../../test/render';
import { webhooks } from './api';
import { WebhooksPage } from './WebhooksPage';

const fetchWebhooks = vi.spyOn(webhooks, 'list');
const remove = vi.spyOn(webhooks, 'remove');

const webhook: Webhook = {
  id: 'w-1',
  name: 'Yard system',
  description: '',
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  url: 'https://yard.example/hooks',
  kinds: ['event.created'],
  enabled: false,
  created_by: { id: 'u-1', name: 'Demo User' },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('the webhook list', () => {
  it('shows the address, what it sends and whether it is on, and deletes one after asking', async () => {
    fetchWebhooks.mockResolvedValue(pageOf([webhook], 20));
    remove.mockResolvedValue({ id: webhook.id });
    await renderInShell(<WebhooksPage />, { path: '/webhooks' });
    const row = await findRow('Yard system');
    expect(within(row).getByText('https://yard.example/hooks')).toBeTruthy();
    expect(within(row).getByText('Device events (harsh driving, impacts, zone breaches)')).toBeTruthy();
    expect(within(row).getByText('Off')).toBeTruthy();
    await confirmInRow(row, 'Delete', remove, 'w-1', /Delete the webhook Yard system and its delivery log\?/);
  });
});
