import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HARBOR_ID } from '../../test/companies';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchTachographLimits, saveTachographLimits } from './api';
import { LimitsDialog } from './LimitsDialog';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchTachographLimits', 'saveTachographLimits']));
const CUSTOMER = HARBOR_ID;
vi.mock('../customers/api', () => import('../../test/companies'));

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('the tachograph limits dialog', () => {
  beforeEach(() => {
    vi.mocked(fetchTachographLimits).mockResolvedValue({
      customer_id: CUSTOMER,
      is_default: true,
      speed_limit_kmh: 20,
      max_continuous_driving_minutes: 270,
      min_break_minutes: 45,
    });
    vi.mocked(saveTachographLimits).mockReset();
  });

  it("reads the customer's limits, refuses what the contracts refuse with their message, and saves the rest", async () => {
    await renderInShell(<LimitsDialog open onClose={() => {}} />);
    await waitFor(() => expect(field('Speed limit').value).toBe('20'));
    expect(screen.getByText(/set no limits of its own/)).toBeTruthy();
    type('Speed limit', '0');
    type('Shortest break', '2000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a speed limit above 0 and at most 400 km/h.')).toBeTruthy();
    expect(screen.getByText('Enter whole minutes from 1 to 1440.')).toBeTruthy();
    expect(saveTachographLimits).not.toHaveBeenCalled();

    type('Speed limit', '15');
    type('Shortest break', '30');
    vi.mocked(saveTachographLimits).mockResolvedValue({
      customer_id: CUSTOMER,
      is_default: false,
      speed_limit_kmh: 15,
      max_continuous_driving_minutes: 270,
      min_break_minutes: 30,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saveTachographLimits).toHaveBeenCalledWith(CUSTOMER, {
        speed_limit_kmh: 15,
        max_continuous_driving_minutes: 270,
        min_break_minutes: 30,
      }),
    );
  });
});
