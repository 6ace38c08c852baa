-- The user's e-mail notification flags (console spec §3): which events mail them.
ALTER TABLE users
  ADD COLUMN notify_accelerate boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_decelerate boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_impact boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_handle boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_dashboard boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_maintain boolean NOT NULL DEFAULT false;
