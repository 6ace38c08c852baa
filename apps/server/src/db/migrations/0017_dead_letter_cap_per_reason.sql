-- The dead-letter cap counts per device and reason (repository.ts, insertDeadLetter): past a few
-- letters a minute, a repeat is counted on the newest letter of its own reason, so a flood of one
-- kind (say, invalid JSON) no longer swallows a letter of another kind (a message out of range).
-- The cap's lookup now filters on the reason too.
CREATE INDEX dead_letters_device_reason_idx ON dead_letters (device_id, reason, received_at DESC);
DROP INDEX dead_letters_device_idx;
