// One change of an event's review (a step, a reviewer, a note, an acknowledgement): its answer is
// the review as it now stands, so it replaces the panel's; the event (its state and excluded flag),
// the event lists and the inbox are read again. A refusal is shown by the API client, translated.
import type { EventReview } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { eventKeys } from '../events/api';
import { reviewKeys } from './api';

export function useReviewChange<V>(
  eventId: string,
  change: (value: V) => Promise<EventReview>,
  done: (review: EventReview) => string,
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: change,
    onSuccess: async (review) => {
      queryClient.setQueryData(reviewKeys.one(eventId), review);
      message.success(done(review));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.one(eventId) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.lists }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.inbox.lists }),
      ]);
    },
  });
}
