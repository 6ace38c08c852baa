// What the console receives about devices: the REST answers of the device link and the pushes on
// the live WebSocket (/api/v1/live). The maps draw from these shapes (docs/device-protocol.md,
// "Live console").
import { z } from 'zod';
import {
  DEVICE_COMMAND_TYPES,
  DEVICE_EVENT_TYPES,
  DEVICE_MOTION_STATES,
  deviceThresholdsSchema,
} from './messages.ts';
import { REDACTED } from './secrets.ts';

export const livePositionSchema = z.object({
  device_id: z.string(),
  vehicle_id: z.string().nullable(),
  time: z.string(),
  lat: z.number(),
  lng: z.number(),
  speed: z.number(),
  direction: z.number(),
});
export type LivePosition = z.infer<typeof livePositionSchema>;

/** A device's current state: connection, motion, hour meter, operator, last position. */
export const deviceStateSchema = z.object({
  device_id: z.string(),
  customer_id: z.string(),
  vehicle_id: z.string().nullable(),
  online: z.boolean(),
  connection_changed_at: z.string().nullable(),
  motion: z.enum(DEVICE_MOTION_STATES).nullable(),
  /** The device's time of the change to the current motion. */
  motion_changed_at: z.string().nullable(),
  hour_meter: z.number().nullable(),
  rfid: z.string().nullable(),
  operator_id: z.string().nullable(),
  last_position: livePositionSchema.omit({ device_id: true, vehicle_id: true }).nullable(),
  updated_at: z.string(),
});
export type DeviceState = z.infer<typeof deviceStateSchema>;

export const liveDeviceEventSchema = z.object({
  device_id: z.string(),
  vehicle_id: z.string().nullable(),
  message_id: z.string(),
  time: z.string(),
  type: z.enum(DEVICE_EVENT_TYPES),
  lat: z.number(),
  lng: z.number(),
  speed: z.number(),
  operator_id: z.string().nullable(),
});
export type LiveDeviceEvent = z.infer<typeof liveDeviceEventSchema>;

/** Pushes of the device link on the live channel; each goes only to users of the device's customer. */
export type DeviceLiveMessage =
  | { type: 'device-positions'; data: { positions: LivePosition[] } }
  | { type: 'device-states'; data: { states: DeviceState[]; snapshot?: boolean } }
  | { type: 'device-events'; data: { events: LiveDeviceEvent[] } };

/** POST /api/v1/device-link/credentials/:deviceId: a new secret, shown this once. */
export const deviceCredentialAnswerSchema = z.object({
  device_id: z.string(),
  username: z.string(),
  client_id: z.string(),
  secret: z.string(),
  rotated_at: z.string(),
});

/** GET /api/v1/device-link/credentials/:deviceId: whether a secret exists, never the secret. */
export const deviceCredentialStatusSchema = z.object({
  device_id: z.string(),
  issued: z.boolean(),
  rotated_at: z.string().nullable(),
});

/** GET /api/v1/device-link/dead-letters (admin): messages refused by the ingestion, with why. */
export const deadLetterSchema = z.object({
  id: z.string(),
  received_at: z.string(),
  device_id: z.string().nullable(),
  topic: z.string(),
  /** The reason's code (DEAD_LETTER_REASONS) and its words. */
  reason: z.string(),
  reason_text: z.string(),
  /** One readable line per problem: `field: what is wrong` (explain.ts on the server). */
  detail: z.array(z.string()),
  size: z.number().int(),
  payload: z.string(),
  /** Copies of refused messages from the same device counted on this letter (the cap per minute). */
  repeats: z.number().int(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

/** POST /api/v1/device-link/devices/:id/commands: a threshold reading, or a change (the device's saved thresholds unless given). */
export const deviceCommandBodySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('threshold-read') }),
  z.strictObject({ type: z.literal('threshold-write'), thresholds: deviceThresholdsSchema.optional() }),
]);
export type DeviceCommandBody = z.infer<typeof deviceCommandBodySchema>;

/** What the row's parameters, answer and error never show (secrets.ts: redactCommandSecrets). */
const WITHOUT_CREDENTIALS = `Without the device's credentials: a stream name or signed address reads "${REDACTED}".`;

/**
 * A command and where it stands: queued (device away), sent, received, completed or failed. As
 * people see it: the device gets its stream names and signed addresses over its own topic only.
 */
export const deviceCommandRowSchema = z.object({
  id: z.string(),
  device_id: z.string(),
  type: z.enum(DEVICE_COMMAND_TYPES),
  status: z.enum(['queued', 'sent', 'received', 'completed', 'failed']),
  params: z.record(z.string(), z.unknown()).meta({ description: `What was asked. ${WITHOUT_CREDENTIALS}` }),
  result: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: `The device's answer. ${WITHOUT_CREDENTIALS}` }),
  error: z
    .string()
    .nullable()
    .meta({ description: `Why it failed. ${WITHOUT_CREDENTIALS}` }),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
