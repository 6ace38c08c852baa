import type { TachographDay } from '@fleetlens/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchTachographDay } from './api';
import { TachographDetailsPage } from './TachographDetailsPage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchTachographDay']));
// Canvas charts do not draw in happy-dom: the chart is the bench's and the story's to see.
vi.mock('./TachographChart', () => ({ default: () => <div data-testid="tachograph-chart" /> }));

const DAY_MS = 86_400_000;
const timesetting = -new Date().getTimezoneOffset();
const dayFrom = Date.parse('2026-11-02T00:00:00Z') - timesetting * 60_000;
const totals = {
  driving_s: 3 * 3600 + 25 * 60,
  idle_s: 40 * 60,
  stopped_s: 3600,
  no_data_s: 0,
  rest_s: 19 * 3600 + 55 * 60,
  max_speed_kmh: 23.4,
  longest_continuous_driving_s: 5 * 3600,
  over_speed_count: 2,
  continuous_driving_count: 1,
};
const answer = (from: number, to: number, withTotals: boolean): TachographDay => ({
  subject: { kind: 'vehicle', id: 'v1', name: 'FL-07 Reach' },
  date: '2026-11-02',
  timesetting,
  day: { from: dayFrom, to: dayFrom + DAY_MS },
  window: { from, to },
  resolution: 'samples',
  column_ms: 0,
  speed: { t: [0, 1000], v: [3, 4] },
  activity: [{ from, to, activity: 'driving' }],
  events: [{ id: 'e1', time: from + 500, type: 'Impact', speed: 4, clips: 2 }],
  limits: withTotals
    ? { speed_limit_kmh: 20, max_continuous_driving_minutes: 270, min_break_minutes: 45 }
    : null,
  totals: withTotals ? totals : null,
  marks: withTotals ? { over_speed: [], continuous_driving: [] } : null,
});

const renderAt = (search: string) =>
  renderInShell(<TachographDetailsPage />, {
    route: '/digital-tachograph/:id/details',
    path: `/digital-tachograph/v1/details?${search}`,
  });

describe('the tachograph details page', () => {
  beforeEach(() => {
    vi.mocked(fetchTachographDay).mockReset();
    vi.mocked(fetchTachographDay).mockImplementation(async (_kind, _id, q) => answer(q.from, q.to, q.totals));
  });

  it("shows the day's totals and its harsh events, each opening its event", async () => {
    await renderAt('kind=vehicle&date=2026-11-02');
    expect(await screen.findByText('3:25')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Totals of the day' }).textContent).toContain('23.4 km/h');
    expect(screen.getByRole('link', { name: 'Impact' }).getAttribute('href')).toContain(
      '/event-summary/e1/event-detail',
    );
    expect(screen.getByText('2 videos')).toBeTruthy();
    // The 24-hour view is the whole day: one answer, with its totals.
    expect(vi.mocked(fetchTachographDay).mock.calls.map(([, , q]) => [q.from, q.to, q.totals])).toEqual([
      [dayFrom, dayFrom + DAY_MS, true],
    ]);
  });

  it("asks a zoomed view's window without totals, beside the whole day's", async () => {
    const from = dayFrom + 12 * 3_600_000;
    await renderAt(`kind=vehicle&date=2026-11-02&view=4m&from=${from}`);
    expect((await screen.findByTestId('tachograph-window')).textContent).toBe('12:00:00 – 12:03:59');
    await waitFor(() => expect(fetchTachographDay).toHaveBeenCalledTimes(2));
    const calls = vi.mocked(fetchTachographDay).mock.calls.map(([, , q]) => [q.from, q.to, q.totals]);
    expect(calls).toContainEqual([dayFrom, dayFrom + DAY_MS, true]);
    expect(calls).toContainEqual([from, from + 240_000, false]);
    expect(await screen.findByText('3:25')).toBeTruthy();
  });
});
