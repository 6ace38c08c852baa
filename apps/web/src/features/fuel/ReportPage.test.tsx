import type { FuelReport } from '@fleetlens/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchFuelReport, fetchFuelVehicles } from './api';
import { ReportPage } from './ReportPage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchFuelReport', 'fetchFuelVehicles']));
// Canvas charts do not draw in happy-dom; the table carries the same figures.
vi.mock('./ReportCharts', () => ({ default: () => <div data-testid="fuel-chart" /> }));

const anomaly = {
  vehicle_id: 'v1',
  vehicle_name: 'FL-07',
  day: '2026-05-10',
  l_per_h: 3.9,
  median: 6.4,
  deviation: -0.391,
  days: 90,
};
const report: FuelReport = {
  kind: 'details',
  start: '2026-05-04',
  end: '2026-05-10',
  anomalies: [anomaly],
  rows: [
    {
      subject: 'vehicle',
      id: 'v1',
      name: 'FL-07',
      part: '2026-05-10',
      received_l: 1250.5,
      working_hours: 10,
      consumption_l: 39,
      l_per_h: 3.9,
      hour_meter: 190,
      remaining_l: 131,
      anomaly,
    },
  ],
};

describe('the fuel report', () => {
  beforeEach(() => {
    vi.mocked(fetchFuelVehicles).mockResolvedValue([]);
    vi.mocked(fetchFuelReport).mockReset();
  });

  it('asks for the period before reading anything', async () => {
    await renderInShell(<ReportPage />, { path: '/?kind=summary' });
    expect(await screen.findByText('Choose the period.')).toBeTruthy();
    expect(fetchFuelReport).not.toHaveBeenCalled();
  });

  it('explains the unusual figure in words, its numbers in the language shown', async () => {
    vi.mocked(fetchFuelReport).mockResolvedValue(report);
    await renderInShell(<ReportPage />, {
      path: '/?kind=details&start=2026-05-04&end=2026-05-10',
      language: 'en',
    });
    expect(fetchFuelReport).toHaveBeenCalledWith({
      kind: 'details',
      start: '2026-05-04',
      end: '2026-05-10',
      vehicle_ids: [],
    });
    const explained = '3.9 L/h against a 90-day median of 6.4, -39%';
    expect(await screen.findByText(`FL-07, 2026-05-10: ${explained}`)).toBeTruthy();
    expect(screen.getByText(explained)).toBeTruthy();
    expect(screen.getByText('1,250.5')).toBeTruthy();
    expect(await screen.findByTestId('fuel-chart')).toBeTruthy();
  });
});
