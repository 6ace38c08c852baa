-- Videos asked for rather than triggered (issue 13 points 4 and 5; docs/decisions/2026-11-26-events-and-clips.md):
-- on-demand video (type clip, code 23) and random video (type Random, code 30) are events whose
-- clips cover a chosen window. Who asked for an on-demand one is kept (the video history).
ALTER TABLE device_events ADD COLUMN requested_by uuid REFERENCES users(id) ON DELETE SET NULL;

-- "A video is being processed": a device's asked-for videos still on their way (clips being
-- created: device offline 0, waiting 2, processing 3). Few rows at any time.
CREATE INDEX device_events_requested_open_idx ON device_events (device_pk)
  WHERE type IN ('clip', 'Random') AND video_status IN (0, 2, 3);
