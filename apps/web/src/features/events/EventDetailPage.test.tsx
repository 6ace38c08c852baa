import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { publishLive } from '../../app/liveBus';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import {
  clipAddress,
  deleteEvent,
  fetchEvent,
  playClips,
  recordView,
  recreateClip,
  updateEvent,
} from './api';
import { EventDetailPage } from './EventDetailPage';
import { aClip, anEvent } from './testEvents';

vi.mock('./api', (original) =>
  withMockedCalls(original, [
    'fetchEvent',
    'recordView',
    'updateEvent',
    'deleteEvent',
    'clipAddress',
    'playClips',
    'recreateClip',
  ]),
);
// MapLibre needs WebGL, which happy-dom has not; the place is also among the fields.
vi.mock('./EventPlace', () => ({ default: () => <div data-testid="place" /> }));
// Canvas charts do not draw in happy-dom either.
vi.mock('./EventChart', () => ({ default: () => <div data-testid="chart" /> }));
// The workflow panel has tests of its own (features/event-reviews).
vi.mock('../event-reviews/ReviewPanel', () => ({ ReviewPanel: () => <div data-testid="review-panel" /> }));
// An impact's lock history has its own test (lockouts/VehicleLock.test.tsx).
vi.mock('../lockouts/VehicleLock', () => ({ EventLockouts: () => <div data-testid="event-lockouts" /> }));
vi.mock('../maps/api', async (original) => ({
  ...(await original<object>()),
  fetchVehicleTrack: async () => ({ points: [] }),
}));

const renderDetail = (profile = demoProfile({ sys_role: 'admin' })) =>
  renderInShell(<EventDetailPage />, {
    route: '/event-summary/:eventId/event-detail',
    path: '/event-summary/e-1/event-detail',
    profile,
  });

describe('the event detail', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(fetchEvent).mockResolvedValue(anEvent());
    vi.mocked(recordView).mockResolvedValue(
      anEvent({
        view_count: 2,
        viewers: [{ user_id: 'u-1', name: 'Demo User', kind: 'view', at: '2026-11-20T04:00:00.000Z' }],
      }),
    );
    vi.mocked(playClips).mockImplementation(async () => ({
      clips: [1, 2].map((camera) => ({
        id: `clip-${camera}`,
        camera,
        url: `/api/v1/storage/objects/clip-${camera}.mp4?sig=1`,
      })),
      expires_at: new Date(Date.now() + 600_000).toISOString(),
    }));
  });

  it('records a view on opening, and shows the fields, both cameras in sync and the viewers', async () => {
    await renderDetail();
    expect(await screen.findByText('Viewers (1), views: 2')).toBeTruthy();
    expect(recordView).toHaveBeenCalledTimes(1);
    expect(recordView).toHaveBeenCalledWith('e-1');
    expect(screen.getAllByText('FL-07 Reach').length).toBeGreaterThan(0);
    expect(screen.getByText('0.812 G')).toBeTruthy();
    // Opening plays nothing and records no play.
    expect(playClips).not.toHaveBeenCalled();
    expect(clipAddress).not.toHaveBeenCalled();
    // One control drives both cameras, and a press is one play, not one per camera.
    const played: string[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
      played.push(this.getAttribute('aria-label') ?? '');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await vi.waitFor(() => expect(played).toEqual(['Camera 1', 'Camera 2']));
    expect(playClips).toHaveBeenCalledTimes(1);
    expect(playClips).toHaveBeenCalledWith('e-1');
    expect(clipAddress).not.toHaveBeenCalled();
    const videos = document.querySelectorAll('video');
    expect(videos[0]?.getAttribute('src')).toBe('/api/v1/storage/objects/clip-1.mp4?sig=1');
    expect(screen.getByText('Opened')).toBeTruthy();
  });

  it("shows each clip's state, and Recreate for a failed one", async () => {
    vi.mocked(fetchEvent).mockResolvedValue(
      anEvent({
        clips: [
          aClip(1, { video_status: 2, event_video_state: 'being-created' }),
          aClip(2, {
            video_status: 1,
            event_video_state: 'conversion-failed',
            recreatable: true,
            failure_detail: 'not H.264',
          }),
        ],
      }),
    );
    vi.mocked(recordView).mockImplementation(async () => (await fetchEvent('e-1')) as never);
    vi.mocked(recreateClip).mockResolvedValue(
      anEvent({
        clips: [
          aClip(1, { video_status: 2, event_video_state: 'being-created' }),
          aClip(2, { video_status: 0, event_video_state: 'being-created' }),
        ],
      }),
    );
    await renderDetail();
    const second = (await screen.findByText('Camera 2')).closest('[data-clip]') as HTMLElement;
    expect(within(second).getByText('Conversion failed')).toBeTruthy();
    expect(within(second).getByText('not H.264')).toBeTruthy();
    const first = screen.getByText('Camera 1').closest('[data-clip]') as HTMLElement;
    expect(within(first).getByText('Being created')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Recreate' })).toBeNull();
    expect(document.querySelectorAll('video').length).toBe(0);
    fireEvent.click(within(second).getByRole('button', { name: 'Recreate' }));
    await vi.waitFor(() => expect(recreateClip).toHaveBeenCalledWith('e-1', 'clip-2'));
    expect(await within(second).findByText('Device offline')).toBeTruthy();
  });

  it('reads the event again when the server pushes that its clips changed, and not for another event', async () => {
    vi.mocked(fetchEvent).mockResolvedValue(
      anEvent({ clips: [aClip(1, { video_status: 2, event_video_state: 'being-created' })] }),
    );
    vi.mocked(recordView).mockImplementation(async () => (await fetchEvent('e-1')) as never);
    await renderDetail();
    const clip = (await screen.findByText('Camera 1')).closest('[data-clip]') as HTMLElement;
    expect(within(clip).getByText('Being created')).toBeTruthy();
    const calls = vi.mocked(fetchEvent).mock.calls.length;
    vi.mocked(fetchEvent).mockResolvedValue(anEvent({ clips: [aClip(1)] }));
    publishLive({ type: 'events-changed', data: { ids: ['e-other'] } });
    await new Promise((r) => setTimeout(r, 50));
    expect(vi.mocked(fetchEvent).mock.calls.length).toBe(calls);
    publishLive({ type: 'events-changed', data: { ids: ['e-1'] } });
    await vi.waitFor(() => expect(vi.mocked(fetchEvent).mock.calls.length).toBeGreaterThan(calls));
    await vi.waitFor(() => expect(screen.queryByText('Being created')).toBeNull());
  });

  it('saves a new tag and comment', async () => {
    vi.mocked(updateEvent).mockResolvedValue(anEvent({ tag: 'serious', comment: 'Too fast at the gate' }));
    await renderDetail();
    await screen.findByText('Review');
    fireEvent.mouseDown(screen.getByLabelText('Tag'));
    fireEvent.click((await screen.findAllByTitle('Serious')).at(-1) as HTMLElement);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Too fast at the gate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(updateEvent).toHaveBeenCalledWith('e-1', {
        tag: 'serious',
        comment: 'Too fast at the gate',
        excluded: false,
        do_not_delete: false,
      }),
    );
    expect((await screen.findAllByText('Serious')).length).toBeGreaterThan(0);
  });

  it('refuses a comment over the limit with the contracts message, and saves nothing', async () => {
    await renderDetail();
    await screen.findByText('Review');
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The contracts' message under the field (what the server answers for the same comment).
    expect(await screen.findByText('Enter at most 1000 characters.')).toBeTruthy();
    expect(updateEvent).not.toHaveBeenCalled();
  });

  it("shows the server's refusal to delete a restricted event", async () => {
    vi.mocked(deleteEvent).mockRejectedValue(
      new ApiError('Cannot delete a restricted event.', 409, 40900, null),
    );
    await renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot delete a restricted event.');
  });

  it('says an address that names no event is not found', async () => {
    const notFound = new ApiError(
      'The item you asked for does not exist or is not yours to see.',
      404,
      40400,
      null,
    );
    vi.mocked(fetchEvent).mockRejectedValue(notFound);
    vi.mocked(recordView).mockRejectedValue(notFound);
    await renderInShell(<EventDetailPage />, {
      route: '/event-summary/:eventId/event-detail',
      path: '/event-summary/abc/event-detail',
    });
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.queryByText(/Check the highlighted fields/)).toBeNull();
  });

  it('offers no way to delete a do-not-delete event, and says why', async () => {
    vi.mocked(fetchEvent).mockResolvedValue(anEvent({ do_not_delete: true }));
    vi.mocked(recordView).mockResolvedValue(anEvent({ do_not_delete: true }));
    await renderDetail();
    const reason = await screen.findByText('Marked “Do not delete”: clear the mark to delete this event.');
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(button);
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    expect(deleteEvent).not.toHaveBeenCalled();
  });

  it('offers no editing, deleting or playing to a user who may only read events', async () => {
    await renderDetail(demoProfile({ sys_role: 'user', privileges: ['event:view'] }));
    await screen.findByText('Viewers (1), views: 2');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    expect(clipAddress).not.toHaveBeenCalled();
  });
});
