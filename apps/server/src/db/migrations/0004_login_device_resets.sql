-- Who reset a user's signed-in browsers, and when (the reset history of the login-devices page).
CREATE TABLE login_device_resets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  reset_by uuid REFERENCES users(id) ON DELETE SET NULL,
  removed integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (customer_id, user_id) REFERENCES users (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX login_device_resets_user_idx ON login_device_resets (user_id, created_at DESC);
