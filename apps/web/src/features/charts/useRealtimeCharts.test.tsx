import type { Chart } from '@fleetlens/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLive } from '../../app/liveBus';
import { chartKeys } from './api';
import { REFRESH_MS, useRealtimeCharts } from './useRealtimeCharts';

const chart = (id: string, realtime: boolean) => ({ id, realtime }) as Chart;

describe('realtime charts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('are read again after a push of device data, at most once a period; the others are not', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRealtimeCharts([chart('live', true), chart('still', false)]), { wrapper });

    vi.advanceTimersByTime(REFRESH_MS);
    expect(invalidate).not.toHaveBeenCalled();
    publishLive({ type: 'device-positions', data: { positions: [] } });
    publishLive({ type: 'device-events', data: { events: [] } });
    publishLive({ type: 'unread-count', data: { count: 1 } });
    vi.advanceTimersByTime(REFRESH_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: chartKeys.data('live') });
    vi.advanceTimersByTime(REFRESH_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
