-- The live bus (platform/liveBus.ts) carries its messages in NOTIFY payloads, whose limit is 8,000
-- bytes; a larger one (a big batch of positions) is kept here for the replicas to read by id, and
-- removed a few minutes later. Unlogged: a crash may lose it, as it would lose the NOTIFY.
CREATE UNLOGGED TABLE live_messages (
  id bigserial PRIMARY KEY,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
