import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '../../test/lists';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchReport, updateReport } from './api';
import { ReportFormPage } from './ReportFormPage';
import { aReport } from './testReport';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchReport', 'updateReport']));
// The pickers' lists, by their address: what the user may choose from.
const ROWS: Record<string, unknown[]> = {
  '/vehicles': [
    { id: 'v-1', name: 'FL-01 Counterbalance' },
    { id: 'v-2', name: 'FL-02 Reach' },
  ],
  '/vehicle-groups': [{ id: 'g-1', name: 'Night shift' }],
  '/operators': [{ id: 'o-1', first_name: 'Aiko', last_name: 'Sato' }],
  '/operator-groups': [],
};
vi.mock('../../api/listQuery', async (original) => ({
  ...(await original<object>()),
  listFetch: (path: string) => async () => pageOf(ROWS[path] ?? []),
}));

const report = aReport({
  author: { id: 'u-1', name: 'Mina Manager' },
  period: 'range',
  range_start: '2026-10-01',
  range_end: '2026-10-31',
  operator_ids: ['o-1'],
  vehicle_ids: ['v-1', 'v-2'],
});

describe("a report's form", () => {
  beforeEach(() => {
    vi.mocked(fetchReport).mockReset().mockResolvedValue(report);
    vi.mocked(updateReport).mockReset().mockResolvedValue(report);
  });

  it('opens with the report’s values and saves only what was changed', async () => {
    await renderInShell(<ReportFormPage />, { route: '/report/:id/edit', path: '/report/r-1/edit' });
    const name = await screen.findByDisplayValue('Weekly distance');
    expect(screen.getByText('FL-02 Reach')).toBeTruthy();
    expect(screen.getByText('Aiko Sato')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Monthly distance' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(updateReport).toHaveBeenCalled());
    // The whole body goes back (the server's fields stay out), the name changed.
    const { id, customer, author, hidden, created_at, updated_at, ...body } = report;
    expect(vi.mocked(updateReport).mock.calls[0]).toEqual([id, { ...body, name: 'Monthly distance' }]);
  });
});
