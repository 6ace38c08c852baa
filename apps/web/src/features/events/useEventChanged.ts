// Reads a query again when the server pushes `events-changed` naming this event (a clip's state
// moved on, or its review), and not for another event; and a list of events again on any new or
// changed event.
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeLive } from '../../app/liveBus';

export function useEventChanged(eventId: string, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  // The key of now, read when a push comes: a new key array each render must not resubscribe.
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(
    () =>
      subscribeLive((message) => {
        if (message.type !== 'events-changed' || !('data' in message)) return;
        const ids = (message.data as { ids?: unknown } | undefined)?.ids;
        if (Array.isArray(ids) && ids.includes(eventId))
          void queryClient.invalidateQueries({ queryKey: key.current });
      }),
    [eventId, queryClient],
  );
}

/** Asks an event list again (all its pages) when the server pushes new events or changed ones. */
export function useNewEventsRefresh(lists: QueryKey): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLive((message) => {
        if (message.type === 'events-created' || message.type === 'events-changed')
          void queryClient.invalidateQueries({ queryKey: lists });
      }),
    // The lists' keys are constants (eventKeys.lists, reviewKeys.inbox.lists).
    [queryClient, lists],
  );
}
