import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmInRow, findRow, spyOnResource } from '../../test/lists';
import { demoProfile, renderInShell } from '../../test/render';
import { aZone, quaySquare } from '../../test/zones';
import { zones } from './api';
import { ZonesPage } from './ZonesPage';

vi.mock('../customers/api', () => ({ useCompanies: () => ({ list: [], options: [] }) }));

const walkway = aZone({
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  polygon: quaySquare(139.71, 35.61),
  rules: [
    { type: 'speed-limit', speed_kmh: 10 },
    { type: 'no-entry' },
    { type: 'dwell', minutes: 5 },
    { type: 'hours', from: '08:00', to: '18:00' },
  ],
  time_zone: 'Asia/Tokyo',
  updated_at: '2026-12-01T00:00:00.000Z',
});

const { list: fetchZones, remove } = spyOnResource(zones, [walkway]);
beforeEach(() => {
  fetchZones.mockClear();
  remove.mockClear();
});

describe('the zone list', () => {
  it('shows kind, company and rules in words, and deletes a zone after asking', async () => {
    await renderInShell(<ZonesPage />, { path: '/zones' });
    const row = await findRow('Dock walkway');
    expect(within(row).getByText('Pedestrian area')).toBeTruthy();
    expect(within(row).getByText('Harbor Logistics')).toBeTruthy();
    expect(
      within(row).getByText('Max 10 km/h · No entry · Stay up to 5 minutes · Entry 08:00–18:00'),
    ).toBeTruthy();
    await confirmInRow(row, 'Delete', remove, 'z-1', 'Delete the zone Dock walkway?');
  });

  it('finds zones by name on the server', async () => {
    await renderInShell(<ZonesPage />, { path: '/zones' });
    await screen.findByText('Dock walkway');
    const search = screen.getByPlaceholderText('Search by zone name');
    fireEvent.change(search, { target: { value: 'walk' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await vi.waitFor(() =>
      expect(fetchZones).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: 'walk' }),
        expect.anything(),
      ),
    );
  });

  it('offers no edit or delete to whoever only reads maps', async () => {
    await renderInShell(<ZonesPage />, {
      path: '/zones',
      profile: demoProfile({ sys_role: 'user', privileges: ['location:view'] }),
    });
    const row = await findRow('Dock walkway');
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(row).queryByText('Edit')).toBeNull();
    expect(screen.queryByText('New')).toBeNull();
  });
});
