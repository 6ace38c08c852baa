import type { Chart, ChartData } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import { fetchChartData, fetchDashboard, setDashboardOrder } from './api';
import { ChartsPage } from './ChartsPage';

vi.mock('./api', (original) =>
  withMockedCalls(original, ['fetchDashboard', 'fetchChartData', 'setDashboardOrder']),
);
// Canvas charts do not draw in happy-dom; the headline carries the figure.
vi.mock('./ChartView', () => ({ default: () => <div data-testid="drawing" /> }));

const aChart = (id: string, name: string, over: Partial<Chart> = {}): Chart => ({
  id,
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  owner: { id: 'u-1', name: 'manager' },
  name,
  private: false,
  template: 'vehiclesOnline',
  width: 'md',
  period: 'today',
  range_start: null,
  range_end: null,
  operator_ids: [],
  vehicle_ids: [],
  group_ids: [],
  name_prefix: '',
  name_suffix: '',
  realtime: false,
  batch_change: true,
  position: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});
const data = (over: Partial<ChartData>): ChartData => ({
  chart_id: 'x',
  template: 'vehiclesOnline',
  start: '2026-11-26T00:00:00.000Z',
  end: '2026-11-27T00:00:00.000Z',
  axis: 'state',
  categories: ['online', 'offline', 'none'],
  series: [{ key: 'value', values: [4, 1, 1] }],
  unit: 'vehicles',
  subjects: 6,
  left_out: 0,
  ...over,
});

describe('the dashboard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(fetchDashboard).mockResolvedValue({
      list: [
        aChart('a', 'Vehicles online now'),
        aChart('b', 'Distance this week', { template: 'distancePerVehicle' }),
      ],
    });
    vi.mocked(fetchChartData).mockImplementation(async (id) =>
      id === 'a'
        ? data({})
        : data({
            template: 'distancePerVehicle',
            axis: 'subject',
            categories: ['FL-01', 'FL-02'],
            series: [{ key: 'value', values: [0, 0] }],
            unit: 'km',
          }),
    );
    vi.mocked(setDashboardOrder).mockImplementation(async ({ ids }) => ({
      list: ids.map((id) => aChart(id, id === 'a' ? 'Vehicles online now' : 'Distance this week')),
    }));
  });

  it("shows each chart's headline, or that nothing happened, with its own state", async () => {
    await renderInShell(<ChartsPage />);
    expect(await screen.findByText('4 of 6 online')).toBeTruthy();
    expect(await screen.findByText('0 km in all')).toBeTruthy();
    expect(screen.getByText('Nothing happened in this period.')).toBeTruthy();
    expect(await screen.findAllByTestId('drawing')).toHaveLength(1);
  });

  it('moves a chart from its menu, for keyboard users', async () => {
    await renderInShell(<ChartsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Chart actions: Vehicles online now' }));
    fireEvent.click(await screen.findByText('Move later'));
    await waitFor(() => expect(setDashboardOrder).toHaveBeenCalledWith({ ids: ['b', 'a'] }));
  });

  it('asks for a new chart with the rules of the contracts, and offers no batch change to a reader', async () => {
    const author = demoProfile({ sys_role: 'user', privileges: ['dashboard:view', 'dashboard:add'] });
    await renderInShell(<ChartsPage />, { profile: author });
    expect(screen.queryByRole('button', { name: 'Batch period change' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Add chart' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    expect(await within(dialog).findByText('Enter the chart name.')).toBeTruthy();
  });

  it("shows a default chart's name in the reader's language, and a written name as written", async () => {
    // The default set was named in English at the first visit; this reader reads Japanese.
    await renderInShell(<ChartsPage />, { language: 'ja' });
    expect(await screen.findByRole('region', { name: '現在オンラインの車両' })).toBeTruthy();
    expect(screen.queryByText('Vehicles online now')).toBeNull();
    expect(screen.getByRole('region', { name: 'Distance this week' })).toBeTruthy();
  });

  it('tells a user without the dashboard privilege why there are no charts', async () => {
    await renderInShell(<ChartsPage />, { profile: demoProfile({ sys_role: 'user', privileges: [] }) });
    expect(screen.getByText(/does not include the dashboard's charts/)).toBeTruthy();
    expect(fetchDashboard).not.toHaveBeenCalled();
  });
});
