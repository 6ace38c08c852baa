// When the server sends each command, and why, in words built from the constants that decide it:
// a device maker must know that some commands come by themselves (a video-upload after every event
// with cameras), not only when someone asks. The AsyncAPI document (protocol.ts) carries these
// words; docs/device-protocol.md says the same with the defaults, and protocol.test.ts holds the
// two together.
import {
  CLIP_SECONDS_AFTER,
  CLIP_SECONDS_BEFORE,
  type DeviceCommandType,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_IDLE_SECONDS,
  LOCKOUT_CREEP_SPEED_KMH,
  SPEED_CAP_DEVICE_TYPES,
  SPEED_LIMIT_POINTS_MAX,
  SPEED_LIMIT_ZONES_MAX,
  VIDEO_MAX_SECONDS,
  VIDEO_MAX_SECONDS_FOUR_CAMERAS,
} from '@fleetlens/contracts';
import type { Config } from '../../config.ts';
import { ROLLOUT_TICK_SECONDS } from '../firmware/public.ts';
import { LIVE_SWEEP_SECONDS, PUBLISH_VALID_SECONDS } from '../live-camera/public.ts';
import { COMMAND_SWEEP_MS } from './commands.ts';

export type TriggerConfig = Pick<Config, 'CLIP_UPLOAD_URL_SECONDS' | 'CLIP_TIMEOUT_SECONDS'>;

/** Every command type: what makes the server send it, when, and why. */
export function commandTriggers(config: TriggerConfig): Record<DeviceCommandType, string> {
  const sweep = COMMAND_SWEEP_MS / 1000;
  return {
    'threshold-read':
      'Sent only when someone asks for the thresholds (the device screen, or POST /api/v1/device-link/devices/{id}/commands with type threshold-read): at once when the device is online, else when it is back. Why: the console shows the thresholds the device really applies.',
    'threshold-write':
      `Sent when someone writes thresholds through that call (at once, or when the device is back); within ${sweep} s of the device being online when thresholds saved on the device screen wait to be sent (threshold_state change-reserved; the link looks every ${sweep} s); and as a new device's first command, with the thresholds it was registered with. ` +
      "Why: the device's g-sensor must apply the thresholds the console shows.",
    'video-upload':
      `Sent by itself for every event whose cameras is above 0: one command per camera (1 to cameras) for the window from the event's time minus ${CLIP_SECONDS_BEFORE} s to its time plus ${CLIP_SECONDS_AFTER} s, once that window has passed (about ${CLIP_SECONDS_AFTER} s after the event's time, or at once for an event that arrives later). ` +
      `Also for an on-demand video (POST /api/v1/vehicles/{id}/videos): at once, one per camera of the device, for the window asked (at most ${VIDEO_MAX_SECONDS} s, ${VIDEO_MAX_SECONDS_FOUR_CAMERAS} s with four cameras); and for an operator's random video: at a planned moment while the operator is signed on and the vehicle has run for the whole window, the last minutes the operator's settings say. ` +
      `Kept while the device is away and sent when it is back, each sending with a fresh upload_url valid ${config.CLIP_UPLOAD_URL_SECONDS} s; still unanswered ${config.CLIP_TIMEOUT_SECONDS} s after it was sent, the clip is timed out and the command failed (not sent again). ` +
      'Why: the console shows each event and each asked-for video with its clips.',
    'live-start':
      `Sent when the first viewer opens the vehicle's cameras (POST /api/v1/vehicles/{id}/live-camera), with publish addresses valid ${PUBLISH_VALID_SECONDS} s; later viewers join the same stream. Sent again, newly signed, at a viewer's next heartbeat (every ${LIVE_HEARTBEAT_SECONDS} s) when the device came back while someone watches. ` +
      'Why: a device streams only while someone watches.',
    'live-stop':
      `Sent when nobody watches the stream any more: a view ends when its viewer stops it or has sent no heartbeat for ${LIVE_IDLE_SECONDS} s, and every ${LIVE_SWEEP_SECONDS} s the server stops the streams left without a view. ` +
      'Why: streaming costs the device and the network.',
    'firmware-update':
      `Sent when provider staff roll a firmware file out (POST /api/v1/firmwares/{id}/rollouts): within its window, to the devices of its current stage that are online, at most the rollout's rate a minute (the job looks every ${ROLLOUT_TICK_SECONDS} s); a device offline then gets it when it is back within the window. Its download address is valid until the window's end plus the device time-out; past the deadline the device gives up. ` +
      'Why: devices run the firmware the provider publishes; a vehicle never reboots its device while it runs.',
    'vehicle-lock':
      `Sent by itself when the device reports an Impact event whose level (its largest g on any axis, gravity taken off gz) is at or above the lock-out level of its vehicle's group (the vehicle group screen; off by default), and when an operator's pre-shift check fails a critical item (check_id instead of event_id), unless the vehicle is locked already: at once, or when the device is back. max_speed is ${LOCKOUT_CREEP_SPEED_KMH} km/h. ` +
      'Why: a vehicle that may be damaged or unsafe, or whose driver may be hurt, must not go on working until a supervisor has looked at it.',
    'vehicle-unlock':
      'Sent when a supervisor releases the locked vehicle with a reason (POST /api/v1/vehicles/{id}/unlock), to the device fitted to the vehicle (else the one that locked it): at once, or when the device is back. Why: the vehicle goes back to work only when someone answers for it.',
    'zone-speed-limits':
      `Sent by itself to each device of the customer whose type caps speed (${SPEED_CAP_DEVICE_TYPES.join(', ')}) when the customer's set of speed-limit zones changes (a zone added, changed or removed on the zones screen or POST, PUT, DELETE /api/v1/zones), and each time the device comes online while the customer has speed-limit zones (or the device still holds some): at once, or when the device is back; a newer set replaces one not yet sent. ` +
      `It carries the whole set, the strictest limits first, at most ${SPEED_LIMIT_ZONES_MAX} zones and ${SPEED_LIMIT_POINTS_MAX} ring points in all (omitted counts the rest). ` +
      'Why: the device holds the vehicle under the limit inside a zone, where the server can only report a breach after it happened.',
  };
}
