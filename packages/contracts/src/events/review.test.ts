import { describe, expect, it } from 'vitest';
import { EVENT_REVIEW_STATES } from './events.ts';
import {
  CLOSED_REVIEW_STATES,
  canMoveReview,
  coachingNoteCreateSchema,
  EVENT_REVIEW_TRANSITIONS,
  isClosedReview,
  reviewInboxQuerySchema,
} from './review.ts';

describe('the review workflow’s rule', () => {
  it('moves needs review to coaching, reviewed or dismissed, and coaching to coached or dismissed', () => {
    expect(EVENT_REVIEW_TRANSITIONS['needs-review']).toEqual(['needs-coaching', 'reviewed', 'dismissed']);
    expect(EVENT_REVIEW_TRANSITIONS['needs-coaching']).toEqual(['coached', 'dismissed']);
  });

  it('only reopens a closed review, and never stays where it is', () => {
    for (const state of CLOSED_REVIEW_STATES)
      expect(EVENT_REVIEW_TRANSITIONS[state]).toEqual(['needs-review']);
    for (const state of EVENT_REVIEW_STATES) {
      expect(canMoveReview(state, state)).toBe(false);
      expect(isClosedReview(state)).toBe(EVENT_REVIEW_TRANSITIONS[state].includes('needs-review'));
    }
    expect(canMoveReview('needs-coaching', 'reviewed')).toBe(false);
    expect(canMoveReview('coached', 'dismissed')).toBe(false);
  });

  it('takes a note of 1 to 2,000 clean characters, trimmed', () => {
    expect(coachingNoteCreateSchema.parse({ note: ' Slow down ' })).toEqual({ note: 'Slow down' });
    for (const note of ['   ', 'x'.repeat(2001), 'bell\u0007', 12])
      expect(coachingNoteCreateSchema.safeParse({ note }).success, JSON.stringify(note)).toBe(false);
  });

  it('pages the inbox no deeper than its count bound', () => {
    expect(reviewInboxQuerySchema.parse({})).toEqual({ page: 1, perPage: 50 });
    expect(reviewInboxQuerySchema.safeParse({ page: '201', perPage: '50' }).success).toBe(false);
  });
});
