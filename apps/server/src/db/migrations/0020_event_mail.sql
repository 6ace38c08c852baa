-- Event e-mail (console spec §3, the users' notification flags): each new event is mailed once to
-- the users whose flag covers its type. mail_pending is the mail job's work list; event_mails
-- says who has been sent which event, so a retry after a failed send mails nobody twice.
ALTER TABLE device_events ADD COLUMN mail_pending boolean NOT NULL DEFAULT true;
-- Events stored before e-mail existed are not mailed now.
UPDATE device_events SET mail_pending = false;
CREATE INDEX device_events_mail_pending_idx ON device_events (received_at) WHERE mail_pending;

CREATE TABLE event_mails (
  event_id uuid NOT NULL REFERENCES device_events(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);
