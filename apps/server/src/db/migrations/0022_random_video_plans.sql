-- Random video (issue 13 point 5; docs/decisions/2026-11-26-on-demand-and-random-video.md): each
-- week, each operator whose random video is enabled gets as many moments as their frequency, on
-- their candidate days. A moment is taken once (taken_at set in the statement that claims it, so
-- two replicas never film it twice); it films when its operator drives after it on its day, else it
-- is missed. The first plan stored for a week is the plan: a second replica's is not inserted.
CREATE TABLE random_video_moments (
  operator_id uuid NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- Monday 00:00 UTC of the week planned.
  week_start timestamptz NOT NULL,
  slot smallint NOT NULL,
  due_at timestamptz NOT NULL,
  -- The end of the candidate day: not filmed by then, missed.
  until_at timestamptz NOT NULL,
  taken_at timestamptz,
  event_id uuid REFERENCES device_events(id) ON DELETE SET NULL,
  PRIMARY KEY (operator_id, week_start, slot)
);
CREATE INDEX random_video_moments_open_idx ON random_video_moments (due_at) WHERE taken_at IS NULL;
