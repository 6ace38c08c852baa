-- device_states takes a position update per device for every batch the ingestion commits (at
-- 10,000 messages/s, every row several times a second). None of those columns is indexed, so
-- PostgreSQL can update the row in place on its page (a HOT update, no index entries) if the page
-- has room. Pages left half empty give it that room; at one row per device the table stays small.
-- Pages written before this change fill up as before; their rows move to new, half-empty pages at
-- their next non-HOT update, so an existing install converges without a rewrite.
ALTER TABLE device_states SET (fillfactor = 50);
