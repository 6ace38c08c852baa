// Reads a query again when the server pushes `events-changed` naming this event (a clip's state
// moved on, or its review), and not for another event.
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLive } from '../../app/liveBus';

export function useEventChanged(eventId: string, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's text stands for the key.
  useEffect(
    () =>
      subscribeLive((message) => {
        if (message.type !== 'events-changed' || !('data' in message)) return;
        const ids = (message.data as { ids?: unknown } | undefined)?.ids;
        if (Array.isArray(ids) && ids.includes(eventId)) void queryClient.invalidateQueries({ queryKey });
      }),
    [eventId, key, queryClient],
  );
}
