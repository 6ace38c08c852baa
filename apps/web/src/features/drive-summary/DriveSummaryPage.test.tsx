import type { DriveSummary } from '@fleetlens/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchDriveSummary } from './api';
import { duration, intervalLabel, kilometres } from './format';
import { VehicleDriveSummaryPage } from './screens';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchDriveSummary']));
// Canvas charts do not draw in happy-dom; the table carries the same figures.
vi.mock('./SummaryCharts', () => ({ default: () => <div data-testid="charts" /> }));

const zero = { operating_seconds: 0, distance_m: 0, stops: 0, events: {}, event_count: 0 };
const summary = (buckets: DriveSummary['buckets'], totals: DriveSummary['totals']): DriveSummary => ({
  subject: { kind: 'vehicle', id: 'v1', name: 'FL-07 Reach' },
  start: '2026-11-02T00:00:00.000Z',
  end: '2026-11-02T02:00:00.000Z',
  interval: 'hour',
  timesetting: 540,
  members: 1,
  buckets,
  totals,
});
const URL =
  '/vehicles/v1/drive-summary?start=2026-11-02T09:00:00%2B09:00&end=2026-11-02T11:00:00%2B09:00&interval=hour&timesetting=540';

const renderPage = () =>
  renderInShell(<VehicleDriveSummaryPage />, { route: '/vehicles/:vehicleId/drive-summary', path: URL });

describe('the drive summary page', () => {
  beforeEach(() => vi.mocked(fetchDriveSummary).mockReset());

  it("asks for the address's period and shows the figures per interval with their totals", async () => {
    vi.mocked(fetchDriveSummary).mockResolvedValue(
      summary(
        [
          {
            start: '2026-11-02T09:00:00+09:00',
            ...zero,
            operating_seconds: 30,
            distance_m: 333.6,
            stops: 1,
            events: { Impact: 2 },
            event_count: 2,
          },
          { start: '2026-11-02T10:00:00+09:00', ...zero },
        ],
        { operating_seconds: 30, distance_m: 333.6, stops: 1, events: { Impact: 2 }, event_count: 2 },
      ),
    );
    await renderPage();
    expect(await screen.findByText('Drive summary of vehicle FL-07 Reach')).toBeTruthy();
    expect(fetchDriveSummary).toHaveBeenCalledWith('vehicle', 'v1', {
      start: '2026-11-02T09:00:00+09:00',
      end: '2026-11-02T11:00:00+09:00',
      interval: 'hour',
      timesetting: 540,
    });
    expect(await screen.findByTestId('charts')).toBeTruthy();
    const nine = screen.getByText('11-02 09:00').closest('tr');
    expect([...(nine?.querySelectorAll('td') ?? [])].map((td) => td.textContent)).toEqual([
      '11-02 09:00',
      '0:00:30',
      '0.33',
      '1',
      '2',
      '2',
    ]);
    expect(screen.getByText('11-02 10:00')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
  });

  it('says so when the period holds no driving and no harsh events', async () => {
    vi.mocked(fetchDriveSummary).mockResolvedValue(
      summary([{ start: '2026-11-02T09:00:00+09:00', ...zero }], zero),
    );
    await renderPage();
    expect(await screen.findByText('No driving and no harsh events in this period.')).toBeTruthy();
    expect(screen.queryByTestId('charts')).toBeNull();
  });
});

describe('figures and labels', () => {
  it('reads durations, kilometres and interval labels from the local start', () => {
    expect(duration(3725.4)).toBe('1:02:05');
    expect(kilometres(555.975)).toBe('0.56');
    expect(intervalLabel('2026-11-02T09:00:00+09:00', 'hour')).toBe('11-02 09:00');
    expect(intervalLabel('2026-11-02T00:00:00+09:00', 'week')).toBe('2026-11-02');
    expect(intervalLabel('2026-11-01T00:00:00+09:00', 'month')).toBe('2026-11');
  });
});
