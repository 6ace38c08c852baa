import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findRow, lastParams as lastCall, pageOf } from '../../test/lists';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import { recreateClip } from '../events/api';
import { anEvent } from '../events/testEvents';
import { type EventVideo, fetchEventVideos } from './api';
import { EventVideosPage } from './EventVideosPage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchEventVideos']));
vi.mock('../events/api', (original) => withMockedCalls(original, ['recreateClip']));
vi.mock('../customers/CustomerFilter', () => ({ CustomerFilter: () => null }));
vi.mock('../vehicles/api', () => ({
  fetchVehicles: async () => ({ list: [], total: 0, page: 1, perPage: 50 }),
}));

const clip = (camera: number, failed: boolean) => ({
  id: `clip-${camera}`,
  camera,
  video_status: failed ? 1 : 4,
  event_video_state: failed ? ('timeout' as const) : null,
  recreatable: failed,
});

const aVideo = (over: Partial<EventVideo> = {}): EventVideo => {
  const {
    clips: _clips,
    viewers: _viewers,
    ...event
  } = anEvent({ type: 'clip', type_code: 23, video_status: 4 });
  return {
    ...event,
    requested_by: { id: 'u-2', name: 'Mina Manager' },
    window_from: '2026-11-20T01:58:00.000Z',
    window_to: '2026-11-20T02:00:00.000Z',
    event_video_state: 'timeout',
    clips: [clip(1, false), clip(2, true)],
    ...over,
  };
};

const page = (list: EventVideo[]) => pageOf(list, 50, { next_cursor: null });
const lastParams = () => lastCall(fetchEventVideos);

describe('the asked-for videos', () => {
  beforeEach(() => {
    vi.mocked(fetchEventVideos).mockReset();
    vi.mocked(fetchEventVideos).mockResolvedValue(page([aVideo()]));
    vi.mocked(recreateClip).mockReset();
  });

  it('shows who asked, the window and the states, newest first', async () => {
    await renderInShell(<EventVideosPage />, { path: '/event-video' });
    const row = await findRow('Mina Manager');
    expect(lastParams()).toMatchObject({ page: 1, perPage: 50, order_by: 'time', order: 'desc' });
    expect(within(row).getByText(/\(120 s\)$/)).toBeTruthy();
    expect(within(row).getByText('On-demand video')).toBeTruthy();
    expect(within(row).getByText('Video available')).toBeTruthy();
    expect(within(row).getByText('Timeout')).toBeTruthy();
  });

  it('narrows to random video with its tab', async () => {
    await renderInShell(<EventVideosPage />, { path: '/event-video' });
    await screen.findByText('Mina Manager');
    fireEvent.click(screen.getByText('Random video'));
    await vi.waitFor(() => expect(lastParams()).toMatchObject({ type: 'Random', page: 1 }));
  });

  it('recreates each failed clip of a row, for users who may', async () => {
    await renderInShell(<EventVideosPage />, { path: '/event-video' });
    const row = await findRow('Mina Manager');
    fireEvent.click(within(row).getByRole('button', { name: 'Recreate' }));
    await vi.waitFor(() => expect(recreateClip).toHaveBeenCalledWith('e-1', 'clip-2'));
    expect(recreateClip).toHaveBeenCalledTimes(1);
  });

  it('offers no Recreate without event_vid:edit', async () => {
    await renderInShell(<EventVideosPage />, {
      path: '/event-video',
      profile: demoProfile({ sys_role: 'user', privileges: ['event_vid:view'] }),
    });
    const row = await findRow('Mina Manager');
    expect(within(row).queryByRole('button', { name: 'Recreate' })).toBeNull();
  });
});
