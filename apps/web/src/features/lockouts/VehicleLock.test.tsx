import type { Lockout } from '@fleetlens/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLive } from '../../app/liveBus';
import { withMockedCalls } from '../../test/mocks';
import { fieldRefusal } from '../../test/refusals';
import { demoProfile, renderInShell } from '../../test/render';
import { fetchEventLockouts, fetchVehicleLockout, unlockVehicle } from './api';
import { EventLockouts, VehicleLock } from './VehicleLock';

vi.mock('./api', (original) =>
  withMockedCalls(original, [
    'fetchVehicleLockout',
    'fetchOpenLockouts',
    'fetchEventLockouts',
    'unlockVehicle',
  ]),
);

const aLockout = (over: Partial<Lockout> = {}): Lockout => ({
  id: 'l-1',
  customer_id: 'c-1',
  cause: 'impact',
  vehicle: { id: 'v-1', name: 'Reach truck 7' },
  event: { id: 'e-1', time: '2026-12-07T01:00:00.000Z' },
  check: null,
  impact_g: 2.4,
  level_g: 2,
  locked_at: '2026-12-07T01:00:01.000Z',
  lock_command_status: 'completed',
  unlocked_at: null,
  unlocked_by: null,
  unlock_reason: null,
  unlock_command_status: null,
  ...over,
});

const supervisor = demoProfile({ sys_role: 'user', privileges: ['vehicle:view', 'vehicle:edit'] });
const viewer = demoProfile({ sys_role: 'user', privileges: ['vehicle:view'] });

const dialog = () => screen.getByRole('dialog');

describe("a vehicle's lock after an impact", () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(fetchVehicleLockout).mockResolvedValue({ lockout: aLockout() });
  });

  it('says since when and after which impact, and unlocks only with a reason', async () => {
    await renderInShell(<VehicleLock vehicleId="v-1" />, { profile: supervisor });
    const banner = await screen.findByTestId('vehicle-lock');
    expect(banner.textContent).toMatch(/Locked since .* after an impact of 2\.4 g \(lock-out level 2 g\)/);
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/event-summary/e-1/event-detail');
    expect(banner.textContent).toContain('Lock command: vehicle held');

    fireEvent.click(within(banner).getByRole('button', { name: 'Unlock' }));
    expect(within(dialog()).getByText('Unlock Reach truck 7')).toBeTruthy();
    // No reason: refused in the form, nothing sent.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Enter the reason for unlocking the vehicle.')).toBeTruthy();
    expect(unlockVehicle).not.toHaveBeenCalled();

    vi.mocked(unlockVehicle).mockResolvedValue(
      aLockout({ unlocked_at: '2026-12-07T02:00:00.000Z', unlocked_by: 'manager', unlock_reason: 'Checked' }),
    );
    vi.mocked(fetchVehicleLockout).mockResolvedValue({ lockout: null });
    fireEvent.change(within(dialog()).getByLabelText('Reason for unlocking'), {
      target: { value: 'Mast checked, driver unhurt' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(unlockVehicle).toHaveBeenCalledWith('v-1', 'Mast checked, driver unhurt'));
    expect(await screen.findByText("Unlocked. The unlock is sent to the vehicle's device.")).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByTestId('vehicle-lock')).toBeNull());
  });

  it("shows the server's refusal of the reason under the field, in the user's language", async () => {
    vi.mocked(unlockVehicle).mockRejectedValue(
      fieldRefusal('reason', '車両のロックを解除する理由を入力してください。'),
    );
    await renderInShell(<VehicleLock vehicleId="v-1" />, { profile: supervisor, language: 'ja' });
    fireEvent.click(await screen.findByRole('button', { name: 'ロック解除' }));
    fireEvent.change(within(dialog()).getByLabelText('ロック解除の理由'), { target: { value: 'x' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog()).findByText('車両のロックを解除する理由を入力してください。')).toBeTruthy();
    expect(dialog()).toBeTruthy();
  });

  it('says when a failed pre-shift check locked it, with the critical items that failed, and links no impact', async () => {
    vi.mocked(fetchVehicleLockout).mockResolvedValue({
      lockout: aLockout({
        cause: 'check',
        event: null,
        check: {
          id: 'k-1',
          time: '2026-12-07T00:59:00.000Z',
          failed: ['Brakes hold', 'Forks free of cracks'],
        },
        impact_g: null,
        level_g: null,
      }),
    });
    await renderInShell(<VehicleLock vehicleId="v-1" />, { profile: supervisor });
    const banner = await screen.findByTestId('vehicle-lock');
    expect(banner.textContent).toMatch(
      /Locked since .* after a failed pre-shift check: Brakes hold, Forks free of cracks/,
    );
    expect(within(banner).queryByRole('link')).toBeNull();
    expect(within(banner).getByRole('button', { name: 'Unlock' })).toBeTruthy();
  });

  it('shows a lock made while the page is open, once an impact is pushed', async () => {
    vi.mocked(fetchVehicleLockout).mockResolvedValue({ lockout: null });
    await renderInShell(<VehicleLock vehicleId="v-1" />, { profile: supervisor });
    await vi.waitFor(() => expect(fetchVehicleLockout).toHaveBeenCalledTimes(1));
    vi.mocked(fetchVehicleLockout).mockResolvedValue({ lockout: aLockout() });
    publishLive({ type: 'device-events', data: { events: [{ type: 'SuddenTurn' }] } });
    publishLive({ type: 'device-events', data: { events: [{ type: 'Impact' }] } });
    expect(await screen.findByTestId('vehicle-lock', {}, { timeout: 4000 })).toBeTruthy();
    expect(fetchVehicleLockout).toHaveBeenCalledTimes(2);
  });

  it('offers no unlock to a user who may not unlock, and shows nothing for a vehicle not locked', async () => {
    const { unmount } = await renderInShell(<VehicleLock vehicleId="v-1" />, { profile: viewer });
    expect(await screen.findByTestId('vehicle-lock')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    unmount();
    vi.mocked(fetchVehicleLockout).mockResolvedValue({ lockout: null });
    await renderInShell(<VehicleLock vehicleId="v-2" />, { profile: supervisor });
    await vi.waitFor(() => expect(fetchVehicleLockout).toHaveBeenCalledWith('v-2'));
    expect(screen.queryByTestId('vehicle-lock')).toBeNull();
  });
});

describe("an impact's lock history", () => {
  it('lists each lock with its unlock: who, when and why', async () => {
    vi.mocked(fetchEventLockouts).mockResolvedValue({
      list: [
        aLockout({
          unlocked_at: '2026-12-07T02:00:00.000Z',
          unlocked_by: 'manager',
          unlock_reason: 'Checked',
        }),
      ],
      total: 1,
    });
    await renderInShell(<EventLockouts eventId="e-1" />, { profile: supervisor });
    const history = await screen.findByTestId('event-lockouts');
    expect(history.textContent).toContain('Reach truck 7 locked at');
    expect(history.textContent).toMatch(/Unlocked at .* by manager: Checked/);
    expect(within(history).queryByRole('button', { name: 'Unlock' })).toBeNull();
  });
});
