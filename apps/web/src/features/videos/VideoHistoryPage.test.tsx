import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findRow, pageOf } from '../../test/lists';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchVideoHistory, type VideoHistoryEntry } from './api';
import { VideoHistoryPage } from './VideoHistoryPage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchVideoHistory']));
vi.mock('../customers/CustomerFilter', () => ({ CustomerFilter: () => null }));
vi.mock('../vehicles/api', () => ({
  fetchVehicles: async () => ({ list: [], total: 0, page: 1, perPage: 50 }),
}));

const entry = (type: VideoHistoryEntry['event']['type'], name: string): VideoHistoryEntry => ({
  id: `h-${type}`,
  at: new Date().toISOString(),
  kind: 'play',
  user: { id: 'u-2', name },
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  event: { id: `e-${type}`, type, time: new Date().toISOString() },
  vehicle: { id: 'v-1', name: 'FL-07 Reach' },
  clip: { id: 'k-1', camera: 1, file_name: 'cam1_20261120015800.mp4' },
});

describe('the video history', () => {
  beforeEach(() => {
    vi.mocked(fetchVideoHistory)
      .mockReset()
      .mockResolvedValue(pageOf([entry('SuddenTurn', 'Mina Manager'), entry('clip', 'Aiko Sato')]));
  });

  it('names the event types in the reader’s language, as the event list does', async () => {
    await renderInShell(<VideoHistoryPage />, { path: '/video-history', language: 'ja' });
    expect((await findRow('Mina Manager')).textContent).toMatch(/急旋回 · /);
    expect((await findRow('Aiko Sato')).textContent).toMatch(/オンデマンド動画 · /);
    expect(screen.queryByText(/types\./)).toBeNull();
  });
});
