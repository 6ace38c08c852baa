import type { Webhook } from '@fleetlens/contracts';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmInRow, findRow, ofHarbor, spyOnResource } from '../../test/lists';
import { renderInShell } from '../../test/render';
import { webhooks } from './api';
import { WebhooksPage } from './WebhooksPage';

const webhook: Webhook = {
  id: 'w-1',
  name: 'Yard system',
  description: '',
  ...ofHarbor,
  url: 'https://yard.example/hooks',
  kinds: ['event.created'],
  enabled: false,
  created_by: { id: 'u-1', name: 'Demo User' },
};
const { remove } = spyOnResource(webhooks, [webhook]);

describe('the webhook list', () => {
  it('shows the address, what it sends and whether it is on, and deletes one after asking', async () => {
    await renderInShell(<WebhooksPage />, { path: '/webhooks' });
    const row = await findRow('Yard system');
    expect(within(row).getByText('https://yard.example/hooks')).toBeTruthy();
    expect(within(row).getByText('Device events (harsh driving, impacts, zone breaches)')).toBeTruthy();
    expect(within(row).getByText('Off')).toBeTruthy();
    await confirmInRow(row, 'Delete', remove, 'w-1', /Delete the webhook Yard system and its delivery log\?/);
  });
});
