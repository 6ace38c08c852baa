// Pushed link states land in the query cache: every cached row or record of the pushed device
// shows the push, the rest stays as it was (the same objects), and the maps' own lists are left
// to the maps.
import type { DeviceState } from '@fleetlens/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLive } from '../app/liveBus';
import { followLinkStates } from './liveLinkStates';

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
const vehicleRow = (id: string, deviceId: string) => ({
  id,
  device: { device_id: deviceId },
  state: fetched,
});

describe('states pushed into the query cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the pushed state in every cached row and record of the device, once folded in', () => {
    const cache = new QueryClient();
    const vehicles = ['vehicles', 'list', {}];
    const device = ['devices', 'one', 'd1'];
    const dashboard = ['locations', 'latest', 'all'];
    cache.setQueryData(vehicles, { list: [vehicleRow('v1', '1'), vehicleRow('v2', '2')], total: 2 });
    cache.setQueryData(device, { id: 'd1', device_id: '1', state: null }, { updatedAt: 1000 });
    cache.setQueryData(dashboard, { list: [vehicleRow('v1', '1')] });
    const before = cache.getQueryData<{ list: unknown[] }>(vehicles);
    const stop = followLinkStates(cache);

    publishLive({ type: 'device-states', data: { states: [pushed('1')] } });
    expect(cache.getQueryData(vehicles)).toBe(before);
    vi.advanceTimersByTime(1000);

    const after = cache.getQueryData<{ list: { state: unknown }[] }>(vehicles);
    const live = { online: true, connection_changed_at: '2026-05-01T08:00:00.000Z', motion: 'running' };
    expect(after?.list[0]?.state).toMatchObject(live);
    // Another device's row is the same object: it does not render again.
    expect(after?.list[1]).toBe(before?.list[1]);
    expect(cache.getQueryData<{ state: unknown }>(device)?.state).toMatchObject(live);
    // The record is as old as it was: only its state was pushed.
    expect(cache.getQueryState(device)?.dataUpdatedAt).toBe(1000);
    // The dashboard folds its own pushes (with the positions).
    expect(cache.getQueryData<{ list: { state: unknown }[] }>(dashboard)?.list[0]?.state).toBe(fetched);

    // A later push (a snapshot after a reconnect too) goes over the earlier one.
    publishLive({
      type: 'device-states',
      data: { snapshot: true, states: [pushed('1', { online: false })] },
    });
    vi.advanceTimersByTime(1000);
    expect(
      cache.getQueryData<{ list: { state: { online: boolean } }[] }>(vehicles)?.list[0]?.state.online,
    ).toBe(false);

    stop();
    publishLive({ type: 'device-states', data: { states: [pushed('2')] } });
    vi.advanceTimersByTime(1000);
    expect(cache.getQueryData<{ list: { state: unknown }[] }>(vehicles)?.list[1]?.state).toBe(fetched);
  });

  it('leaves an invalidated query alone: it is read again when shown, with what was saved', async () => {
    const cache = new QueryClient();
    const vehicles = ['cases', 'vehicles', 'k1'];
    cache.setQueryData(vehicles, { list: [vehicleRow('v1', '1')], total: 1 });
    // A saved change (a device registered) makes it stale; nobody shows it meanwhile.
    await cache.invalidateQueries({ queryKey: ['cases'] });
    const stop = followLinkStates(cache);
    publishLive({ type: 'device-states', data: { states: [pushed('1')] } });
    vi.advanceTimersByTime(1000);
    expect(cache.getQueryState(vehicles)?.isInvalidated).toBe(true);
    expect(cache.getQueryData<{ list: { state: unknown }[] }>(vehicles)?.list[0]?.state).toBe(fetched);
    stop();
  });

  it("keeps a drive route's points the same array when its device's state is pushed", () => {
    // The track player starts over when its points change; a pushed running/stopping must not.
    const cache = new QueryClient();
    const route = ['locations', 'device', '1', { start: 's', end: 'e' }];
    const points = [
      [1000, 139.7, 35.6, 9, 0],
      [2000, 139.7, 35.61, 9, 0],
    ];
    cache.setQueryData(route, { device: { device_id: '1' }, state: fetched, points });
    const stop = followLinkStates(cache);
    publishLive({ type: 'device-states', data: { states: [pushed('1', { motion: 'stopping' })] } });
    vi.advanceTimersByTime(1000);
    const after = cache.getQueryData<{ state: { motion: string }; points: unknown }>(route);
    expect(after?.state.motion).toBe('stopping');
    expect(after?.points).toBe(points);
    stop();
  });
});
