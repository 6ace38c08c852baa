import type { ReportData } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { downloadReport, fetchReport, fetchReportData } from './api';
import { ReportDetailPage } from './ReportDetailPage';
import { aReport } from './testReport';

vi.mock('./api', (original) =>
  withMockedCalls(original, ['fetchReport', 'fetchReportData', 'downloadReport']),
);
// Canvas charts do not draw in happy-dom; the table carries the figures.
vi.mock('../charts/ChartView', () => ({ default: () => <div data-testid="drawing" /> }));

const report = aReport({ hidden: 2 });
const data: ReportData = {
  chart_id: 'r-1',
  template: 'distancePerVehicle',
  start: '2026-11-23T00:00:00.000Z',
  end: '2026-11-30T00:00:00.000Z',
  axis: 'subject',
  categories: ['FL-01 Counterbalance'],
  series: [{ key: 'value', values: [12.5] }],
  unit: 'km',
  subjects: 1,
  left_out: 0,
  hidden: 2,
};

const show = (language: 'en' | 'ja' = 'en') =>
  renderInShell(<ReportDetailPage />, { route: '/report/:id/detail', path: '/report/r-1/detail', language });

describe("a report's detail page", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(fetchReport).mockResolvedValue(report);
    vi.mocked(fetchReportData).mockResolvedValue(data);
    vi.mocked(downloadReport).mockResolvedValue(undefined);
  });

  it('says how many objects the reader cannot display, and shows the rest in its table', async () => {
    await show('ja');
    expect(await screen.findByText(/表示できない対象が2件/)).toBeTruthy();
    expect(screen.getByText('FL-01 Counterbalance')).toBeTruthy();
    expect(screen.getByText('12.5')).toBeTruthy();
    expect(screen.getByText('manager')).toBeTruthy();
  });

  it('downloads the PDF, the CSV and the XLSX the server draws', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloadReport).toHaveBeenCalledWith(report, 'pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(downloadReport).toHaveBeenCalledWith(report, 'xlsx'));
  });
});
