// An event's review as the workflow API answers it, for the workflow screens' tests.
import { EVENT_REVIEW_TRANSITIONS, type EventReview } from '@fleetlens/contracts';

export const aReview = (over: Partial<EventReview> = {}): EventReview => {
  const state = over.state ?? 'needs-review';
  return {
    event_id: 'e-1',
    state,
    next_states: [...EVENT_REVIEW_TRANSITIONS[state]],
    excluded: false,
    assignee: null,
    operator: { id: 'op-1', name: 'Otto Driver' },
    notes: [],
    ...over,
  };
};
