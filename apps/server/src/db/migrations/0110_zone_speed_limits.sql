-- Devices now also get their customer's speed-limit zones (modules/zones, zone-speed-limits):
-- every type sent before stays.
ALTER TABLE device_commands DROP CONSTRAINT device_commands_type_check;
ALTER TABLE device_commands ADD CONSTRAINT device_commands_type_check
  CHECK (type IN ('threshold-read', 'threshold-write', 'video-upload', 'live-start', 'live-stop', 'firmware-update',
                  'vehicle-lock', 'vehicle-unlock', 'zone-speed-limits'));
