-- The video history (console /video-history; docs/decisions/2026-11-26-video-screens.md): who
-- opened, played or downloaded which video, newest first, per customer. The list reads one ordered
-- scan per visible customer, cut at the page's end, as the event list does.
CREATE INDEX event_views_customer_at_idx ON event_views (customer_id, at DESC, id DESC);
