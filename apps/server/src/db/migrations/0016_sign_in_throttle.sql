-- Request limits and sign-in delays, kept in the database so every server replica counts the
-- same attempts (platform/rateLimit.ts, modules/identity/throttle.ts).

-- Fixed-window counters: one row per limited key (e.g. 'realm:203.0.113.9').
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_start);

-- Sign-in attempts in a row per name typed (lowercased, known or not) and client address. The
-- attempt is counted before its password is checked; past the allowance the address waits, longer
-- each time, while the owner at another address is not held back.
CREATE TABLE sign_in_attempts (
  login text NOT NULL,
  ip text NOT NULL,
  attempts integer NOT NULL,
  blocked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (login, ip)
);
CREATE INDEX sign_in_attempts_updated_idx ON sign_in_attempts (updated_at);
