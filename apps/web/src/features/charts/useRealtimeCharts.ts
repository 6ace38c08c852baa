// Realtime charts follow the live channel: a push of new device data (states, positions, events)
// marks them stale, and they are read again at most every REFRESH_MS, so a moving fleet does not
// turn the dashboard into a stream of requests. Non-realtime charts keep what they showed.
import type { Chart } from '@fleetlens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLive } from '../../app/liveBus';
import { chartKeys } from './api';

export const REFRESH_MS = 10_000;
const DEVICE_DATA = new Set(['device-states', 'device-positions', 'device-events', 'events-created']);

export function useRealtimeCharts(charts: Chart[]): void {
  const queryClient = useQueryClient();
  const live = charts
    .filter((c) => c.realtime)
    .map((c) => c.id)
    .join(',');
  useEffect(() => {
    if (!live) return;
    let pushed = false;
    const unsubscribe = subscribeLive((message) => {
      if (DEVICE_DATA.has(message.type)) pushed = true;
    });
    const timer = setInterval(() => {
      if (!pushed) return;
      pushed = false;
      for (const id of live.split(',')) void queryClient.invalidateQueries({ queryKey: chartKeys.data(id) });
    }, REFRESH_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [live, queryClient]);
}
