-- One open threshold change per device. Two writes saved at the same moment (two browsers, or a
-- saved form and the device returning) could each find no open write and both queue one; the
-- device then received two changes in an undefined order. The partial unique index makes the
-- second insert fail, so the database holds the rule whatever the application's timing.
-- Existing duplicates: the newest open write stays, the older ones are marked failed.
UPDATE device_commands c SET status = 'failed', error = 'superseded by a newer threshold change'
 WHERE c.type = 'threshold-write' AND c.status IN ('queued', 'sent', 'received')
   AND EXISTS (SELECT 1 FROM device_commands n
                WHERE n.device_pk = c.device_pk AND n.type = 'threshold-write'
                  AND n.status IN ('queued', 'sent', 'received')
                  AND (n.created_at, n.id) > (c.created_at, c.id));
CREATE UNIQUE INDEX device_commands_open_write_key ON device_commands (device_pk)
  WHERE type = 'threshold-write' AND status IN ('queued', 'sent', 'received');

-- A misbehaving device may publish the same refused message many times a second. Past a few
-- letters per device per minute, the newest letter counts the repeats (and when the last came)
-- instead of one row per copy, so the table and the admins' list stay readable.
ALTER TABLE dead_letters
  ADD COLUMN repeats integer NOT NULL DEFAULT 0,
  ADD COLUMN last_received_at timestamptz;
CREATE INDEX dead_letters_device_idx ON dead_letters (device_id, received_at DESC);
