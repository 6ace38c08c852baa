-- The events' review workflow (issue 13 point 9, docs/decisions/2026-11-26-event-review-workflow.md):
-- who is to review an event, whether its exclusion came from a dismissal (a reopening clears only
-- that one, never an exclusion set by hand), and the coaching notes with the operator's
-- acknowledgement as the coach recorded it (operators do not sign in).

ALTER TABLE device_events
  ADD COLUMN assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN excluded_by_review boolean NOT NULL DEFAULT false;

-- Earlier dismissals set the flag through the review: they are the review's.
UPDATE device_events SET excluded_by_review = true WHERE review_state = 'dismissed' AND excluded;

-- The inbox: what is assigned to someone and still open, newest first. Small (open and assigned);
-- the unassigned part reads device_events_customer_review_time_idx (0019).
CREATE INDEX device_events_assignee_open_idx ON device_events (assignee_id, time DESC, id DESC)
  WHERE assignee_id IS NOT NULL AND review_state IN ('needs-review', 'needs-coaching');

CREATE TABLE event_coaching_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL REFERENCES device_events(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- The event's operator when the note was written; the name stays if the operator is deleted.
  operator_id uuid REFERENCES operators(id) ON DELETE SET NULL,
  operator_name text,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 2000),
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  acknowledged_at timestamptz,
  acknowledged_recorded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  acknowledged_recorded_by_name text,
  CHECK ((acknowledged_at IS NULL) = (acknowledged_recorded_by_name IS NULL))
);
CREATE INDEX event_coaching_notes_event_idx ON event_coaching_notes (event_id, created_at);
