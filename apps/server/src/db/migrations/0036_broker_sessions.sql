-- Each replica's session at an external MQTT broker (modules/device-link/adoption.ts). A replica
-- marks its session seen while it is connected; a session unseen for MQTT_ADOPT_AFTER_SECONDS
-- belongs to a replica that crashed or lost the broker, and the broker keeps that replica's share
-- of the group's messages in it. Another replica adopts it: connects with its client id, stores
-- what the broker hands over, and ends the session. `holder` names the replica that last marked it.
CREATE TABLE broker_sessions (
  client_id text PRIMARY KEY,
  holder text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
