import type { DeviceState } from '@fleetlens/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLive } from '../app/liveBus';
import { liveStateOf, useLiveLinkStates } from './useLiveLinkStates';

const pushed = (device_id: string, over: Partial<DeviceState> = {}): DeviceState => ({
  device_id,
  customer_id: 'c1',
  vehicle_id: null,
  online: true,
  connection_changed_at: '2026-05-01T08:00:00.000Z',
  motion: 'running',
  motion_changed_at: '2026-05-01T08:01:00.000Z',
  hour_meter: null,
  rfid: null,
  operator_id: null,
  last_position: null,
  updated_at: '2026-05-01T08:01:00.000Z',
  ...over,
});
const fetched = {
  online: false,
  connection_changed_at: '2026-05-01T07:00:00.000Z',
  motion: null,
  motion_changed_at: null,
};

describe('states pushed over the fetched rows', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the pushed state once folded in, the fetched one for devices not pushed', () => {
    const { result, unmount } = renderHook(() => useLiveLinkStates());
    act(() => publishLive({ type: 'device-states', data: { states: [pushed('1')] } }));
    expect(liveStateOf(result.current, '1', fetched)).toBe(fetched);
    act(() => vi.advanceTimersByTime(1000));
    expect(liveStateOf(result.current, '1', fetched)).toEqual({
      online: true,
      connection_changed_at: '2026-05-01T08:00:00.000Z',
      motion: 'running',
      motion_changed_at: '2026-05-01T08:01:00.000Z',
    });
    expect(liveStateOf(result.current, '2', fetched)).toBe(fetched);
    expect(liveStateOf(result.current, null, fetched)).toBe(fetched);

    // A snapshot (after a reconnect) replaces what was pushed before.
    act(() => {
      publishLive({
        type: 'device-states',
        data: { snapshot: true, states: [pushed('2', { online: false })] },
      });
      vi.advanceTimersByTime(1000);
    });
    expect(liveStateOf(result.current, '1', fetched)).toBe(fetched);
    expect(liveStateOf(result.current, '2', fetched)?.online).toBe(false);
    unmount();
  });
});
