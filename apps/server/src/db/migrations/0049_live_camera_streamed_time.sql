-- Live camera's time is what the server streamed to a view (modules/live-camera/time.service.ts),
-- no longer what the browser's heartbeats claimed. counted_until becomes the last moment a
-- stream of the view was counted; the heartbeats, which only say the viewer is still there, get
-- a column of their own: a view whose viewer is silent for LIVE_IDLE_SECONDS is ended (idle).
ALTER TABLE live_camera_views ADD COLUMN seen_at timestamptz NOT NULL DEFAULT now();
UPDATE live_camera_views SET seen_at = counted_until;

-- A user's views of one vehicle in a row share the continuous playback time: the start looks
-- them up newest first.
CREATE INDEX live_camera_views_watcher_idx ON live_camera_views (user_id, vehicle_id, started_at DESC);
