import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLive } from '../../app/liveBus';
import { testVehicle } from './testVehicles';
import { useLiveVehicles } from './useLiveVehicles';

const loaded = [testVehicle({ motion: 'stopping', speed: 0, direction: 0 })];

describe('vehicles moved by live pushes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('folds positions and states pushed on the live channel in, once a second', () => {
    const { result, unmount } = renderHook(() => useLiveVehicles(loaded));
    act(() => {
      publishLive({
        type: 'device-positions',
        data: {
          positions: [
            {
              device_id: '1001',
              vehicle_id: 'v1',
              time: '2026-05-01T08:00:02.000Z',
              lat: 35.61,
              lng: 139.71,
              speed: 9,
              direction: 45,
            },
          ],
        },
      });
      publishLive({
        type: 'device-states',
        data: {
          states: [
            {
              device_id: '1001',
              vehicle_id: 'v1',
              online: true,
              connection_changed_at: '2026-05-01T07:00:00.000Z',
              motion: 'running',
              motion_changed_at: '2026-05-01T08:00:01.000Z',
              updated_at: '2026-05-01T08:00:02.000Z',
            },
          ],
        },
      });
      publishLive({ type: 'unread-count', data: { unreadNotificationCount: 3 } });
    });
    // Not before the next flush: thousands of pushes cost one map update a second.
    expect(result.current[0]?.lat).toBe(35.6);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toMatchObject({
      lat: 35.61,
      lng: 139.71,
      speed: 9,
      direction: 45,
      motion: 'running',
      state: { online: true, motion: 'running', motion_changed_at: '2026-05-01T08:00:01.000Z' },
    });
    unmount();
  });
});
