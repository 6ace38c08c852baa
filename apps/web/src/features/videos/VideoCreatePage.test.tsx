import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import { fetchVideoDevice, requestVideo } from './api';
import { VideoCreatePage } from './VideoCreatePage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchVideoDevice', 'requestVideo']));
vi.mock('../vehicles/api', () => ({
  vehicleKeys: { stateHistory: (...key: string[]) => ['state-history', ...key] },
  fetchStateHistory: async () => ({
    vehicle_id: 'v-1',
    start: '2026-11-26T00:00:00.000Z',
    end: '2026-11-26T23:59:59.999Z',
    at_start: { connection: 'online', motion: 'running' },
    changes: [],
    truncated: false,
  }),
}));

const device = (cameras: number) => ({
  vehicle: { id: 'v-1', name: 'FL-07 Reach' },
  device: { id: 'd-1', device_id: '880000000001' },
  cameras,
  max_seconds: cameras >= 4 ? 180 : 300,
  online: true,
});

/** `minutes` after this time yesterday: a past period on any date (a future one is refused). */
const yesterday = (minutes: number) => new Date(Date.now() - 86_400_000 + minutes * 60_000).toISOString();

const at = (start: string, end: string) =>
  `/video/v-1/create?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;

const open = (path: string, profile = demoProfile({ sys_role: 'admin' })) =>
  renderInShell(<VideoCreatePage />, { route: '/video/:vehicleId/create', path, profile });

describe('asking a vehicle for video', () => {
  beforeEach(() => {
    vi.mocked(fetchVideoDevice).mockReset();
    vi.mocked(requestVideo).mockReset();
  });

  it('refuses four minutes from a four-camera device before asking', async () => {
    vi.mocked(fetchVideoDevice).mockResolvedValue(device(4));
    await open(at(yesterday(0), yesterday(4)));
    fireEvent.click(await screen.findByRole('button', { name: 'Request video' }));
    expect(
      await screen.findByText('A device with four cameras uploads at most 3 minutes of video at a time.'),
    ).toBeTruthy();
    expect(requestVideo).not.toHaveBeenCalled();
  });

  it('asks with the wall clock and its offset, and says the server’s refusal above the form', async () => {
    vi.mocked(fetchVideoDevice).mockResolvedValue(device(2));
    vi.mocked(requestVideo).mockRejectedValue(
      new ApiError('A video is being processed for this vehicle. Try again when it is done.', 409, 409, null),
    );
    await open(at(yesterday(0), yesterday(2)));
    fireEvent.click(await screen.findByRole('button', { name: 'Request video' }));
    expect((await screen.findByTestId('video-refusal')).textContent).toContain('A video is being processed');
    const [vehicleId, body] = vi.mocked(requestVideo).mock.calls[0] ?? [];
    expect(vehicleId).toBe('v-1');
    expect(Date.parse(body?.end ?? '') - Date.parse(body?.start ?? '')).toBe(120_000);
    expect(body?.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  });

  it('says so to a user who may not ask', async () => {
    await open(at(yesterday(0), yesterday(2)), demoProfile({ sys_role: 'user', privileges: [] }));
    expect(await screen.findByText(/You may not ask a device for video/)).toBeTruthy();
    expect(fetchVideoDevice).not.toHaveBeenCalled();
  });
});
