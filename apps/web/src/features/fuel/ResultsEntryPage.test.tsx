import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchFuelResults, fetchFuelVehicles, saveFuelResults } from './api';
import { ResultsEntryPage } from './ResultsEntryPage';

vi.mock('./api', (original) =>
  withMockedCalls(original, ['fetchFuelVehicles', 'fetchFuelResults', 'saveFuelResults', 'uploadFuelCsv']),
);

const before = {
  vehicle_id: 'v1',
  day: '2026-03-01',
  received_l: 0,
  hour_meter: 1000,
  remaining_l: 80,
  working_hours: null,
  consumption_l: null,
  version: 1,
  author: null,
  reason: '',
  entered_at: '2026-03-01T18:00:00.000Z',
};

const cell = (day: string, field: string) =>
  document.querySelector(`input[data-cell="${day}.${field}"]`) as HTMLInputElement;

describe('the fuel results entry', () => {
  beforeEach(() => {
    vi.mocked(fetchFuelVehicles).mockResolvedValue([
      { id: 'v1', name: 'FL-07', capacity_l: 120, group: null },
    ]);
    vi.mocked(fetchFuelResults).mockResolvedValue({
      vehicle: { id: 'v1', name: 'FL-07', capacity_l: 120 },
      before,
      after: null,
      results: [],
    });
    vi.mocked(saveFuelResults).mockReset();
  });

  it('takes a day by keyboard with the previous meter filled in, refuses a bad cell as typed, and saves the days', async () => {
    const user = userEvent.setup();
    await renderInShell(<ResultsEntryPage />, { path: '/?vehicle=v1&week=2026-03-04' });
    await waitFor(() => expect(cell('2026-03-02', 'received_l')).toBeTruthy());
    expect(fetchFuelResults).toHaveBeenCalledWith('v1', '2026-03-02', '2026-03-08');

    await user.click(cell('2026-03-02', 'received_l'));
    await user.keyboard('20{Tab}');
    // The meter before the week is filled in and selected: typing replaces it.
    expect(cell('2026-03-02', 'hour_meter').value).toBe('1000');
    await user.keyboard('1008{Enter}101{Enter}');
    expect(
      await screen.findByText(
        'This cannot remain: at most 100 L were in the tank (left the day before plus received).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save the week' }).hasAttribute('disabled')).toBe(true);

    await user.clear(cell('2026-03-02', 'remaining_l'));
    await user.type(cell('2026-03-02', 'remaining_l'), '70');
    expect(screen.queryByRole('alert')).toBeNull();
    // 80 left before, 20 received, 70 left: 30 L over 8 h.
    const figures = cell('2026-03-02', 'remaining_l').closest('tr')?.textContent ?? '';
    expect(figures.endsWith('830')).toBe(true);
    vi.mocked(saveFuelResults).mockResolvedValue({ saved: 1, unchanged: 0, dry_run: false });
    await user.click(screen.getByRole('button', { name: 'Save the week' }));
    await waitFor(() =>
      expect(saveFuelResults).toHaveBeenCalledWith({
        entries: [{ vehicle_id: 'v1', day: '2026-03-02', received_l: 20, hour_meter: 1008, remaining_l: 70 }],
        reason: '',
      }),
    );
  });

  it.each(['ja', 'zh', 'my'] as const)(
    'refuses a fill above the tank in %s, in its own words',
    async (lang) => {
      const user = userEvent.setup();
      await renderInShell(<ResultsEntryPage />, { path: '/?vehicle=v1&week=2026-03-04', language: lang });
      await waitFor(() => expect(cell('2026-03-02', 'received_l')).toBeTruthy());
      await user.click(cell('2026-03-02', 'received_l'));
      await user.keyboard('130{Tab}1008{Enter}10{Enter}');
      // The capacity in the language's digits (Burmese writes ၁၂၀).
      const capacity = new Intl.NumberFormat(lang).format(120);
      const text = i18n.t('validation:fuelFillOverCapacity', { capacity });
      expect(text).not.toBe(i18n.getFixedT('en', 'validation')('fuelFillOverCapacity', { capacity: 120 }));
      expect(await screen.findByText(text)).toBeTruthy();
    },
  );
});
