-- Events and their clips (issue 13, docs/decisions/2026-11-26-events-and-clips.md).
-- device_events (0010) keeps what the device reported; the review fields join it here. The list
-- reads tens of millions of rows by customer and time with the safety manager's filters, so each
-- filter has an index that starts with what narrows it and ends with time, and paging is by
-- (time, id): keyset for going far, a bounded offset for the first pages.

ALTER TABLE device_events
  ADD COLUMN tag text NOT NULL DEFAULT 'none'
    CHECK (tag IN ('none', 'no-problem', 'mild', 'moderate', 'serious', 'very-serious')),
  ADD COLUMN comment text NOT NULL DEFAULT '',
  ADD COLUMN excluded boolean NOT NULL DEFAULT false,
  ADD COLUMN do_not_delete boolean NOT NULL DEFAULT false,
  ADD COLUMN review_state text NOT NULL DEFAULT 'needs-review'
    CHECK (review_state IN ('needs-review', 'needs-coaching', 'coached', 'reviewed', 'dismissed')),
  ADD COLUMN view_count integer NOT NULL DEFAULT 0,
  -- Spec §4 video status of the event (its most advanced clip); 1, no video, without cameras.
  ADD COLUMN video_status smallint NOT NULL DEFAULT 2 CHECK (video_status BETWEEN 0 AND 4),
  -- Start of the event's video, UTC; for codes 23 and 30 (clip, Random) also the wall-clock time
  -- chosen, answered unconverted (spec §3).
  ADD COLUMN video_start_at timestamptz,
  ADD COLUMN video_start_local timestamp,
  -- Clips still to be asked of the device: set when the event arrives with cameras, cleared once
  -- its clips exist (the clip job's work list).
  ADD COLUMN clips_pending boolean NOT NULL DEFAULT true;

-- Events stored before clips existed: their devices' recordings are long gone.
UPDATE device_events SET clips_pending = false, video_status = 1;

CREATE INDEX device_events_clips_pending_idx ON device_events (time) WHERE clips_pending;
-- The list: a customer's events by time (and id, the keyset's tie-break), then each filter.
CREATE INDEX device_events_customer_time_id_idx ON device_events (customer_id, time DESC, id DESC);
DROP INDEX device_events_customer_time_idx;
CREATE INDEX device_events_customer_type_time_idx ON device_events (customer_id, type, time DESC);
CREATE INDEX device_events_customer_tag_time_idx ON device_events (customer_id, tag, time DESC);
CREATE INDEX device_events_customer_video_time_idx ON device_events (customer_id, video_status, time DESC);
CREATE INDEX device_events_customer_review_time_idx ON device_events (customer_id, review_state, time DESC);
CREATE INDEX device_events_operator_time_idx ON device_events (operator_id, time DESC);

-- One clip per camera of an event. status: spec §4 video status 0-4; failure: why a clip asked
-- for has no video (timeout, creation error, conversion failed), which makes it recreatable.
CREATE TABLE event_clips (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL REFERENCES device_events(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- Like device_events: no foreign key, so the history outlives a device record.
  device_pk uuid NOT NULL,
  camera smallint NOT NULL CHECK (camera BETWEEN 1 AND 4),
  camera_id text,
  status smallint NOT NULL CHECK (status BETWEEN 0 AND 4),
  failure text CHECK (failure IN ('timeout', 'creation-error', 'conversion-failed')),
  failure_detail text,
  window_from timestamptz NOT NULL,
  window_to timestamptz NOT NULL,
  object_key text NOT NULL,
  bytes bigint,
  recorded_at timestamp,
  -- The video-upload command now answering for this clip; a recreated clip gets a new one.
  command_id uuid,
  attempts integer NOT NULL DEFAULT 1,
  sent_at timestamptz,
  purged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT event_clips_event_camera_key UNIQUE (event_id, camera)
);
CREATE INDEX event_clips_command_idx ON event_clips (command_id);
-- The clip job's lists: clips on their way, and completed ones by age (retention).
CREATE INDEX event_clips_open_idx ON event_clips (updated_at) WHERE status IN (0, 2, 3);
CREATE INDEX event_clips_retention_idx ON event_clips (created_at) WHERE status = 4;

-- Who opened an event, played or downloaded a clip, and when (peers: who viewed a video is logged).
CREATE TABLE event_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id uuid NOT NULL REFERENCES device_events(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('view', 'play', 'download')),
  clip_id uuid REFERENCES event_clips(id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_views_event_at_idx ON event_views (event_id, at DESC);

-- Devices now also receive video-upload commands.
ALTER TABLE device_commands DROP CONSTRAINT device_commands_type_check;
ALTER TABLE device_commands ADD CONSTRAINT device_commands_type_check
  CHECK (type IN ('threshold-read', 'threshold-write', 'video-upload'));
