// The device link's part of a listed vehicle or device (its state). Its own file because the
// locations answers carry it too, and the state history (states.ts) reads the locations' period.
import { z } from 'zod';
import { DEVICE_MOTION_STATES } from './messages.ts';

/** The device link's part of a listed vehicle or device; null when the device never reported. */
export const linkStateSchema = z.object({
  online: z.boolean(),
  /** When the server last saw the connection change (ISO 8601). */
  connection_changed_at: z.string().nullable(),
  motion: z.enum(DEVICE_MOTION_STATES).nullable(),
  /** The device's time of the change to the current motion (ISO 8601). */
  motion_changed_at: z.string().nullable(),
});
export type LinkState = z.infer<typeof linkStateSchema>;
