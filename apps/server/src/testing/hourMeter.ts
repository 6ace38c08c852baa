// For the maintenance tests: a device fitted to a vehicle, and its hour meter reading as the device
// link stores it (the vehicle's cumulative uptime follows, as the link keeps it).
import type { Harness } from './harness.ts';

/** A device in the vehicle; answers its id. */
export async function fitMeterDevice(h: Harness, customerId: string, vehicleId: string, deviceId: string) {
  const [device] = await h.database.query<{ id: string }>(
    `INSERT INTO devices (customer_id, device_id, device_type, channel_number, acceleration_threshold,
       acceleration_duration, deceleration_threshold, deceleration_duration, impact_threshold, impact_duration,
       quick_handle_threshold, quick_handle_duration, vehicle_id)
     VALUES ($1, $2, 'dv426', 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300, $3) RETURNING id`,
    [customerId, deviceId, vehicleId],
  );
  return device?.id ?? '';
}

/** The device's hour meter reads `meter` at `at`. */
export async function readMeter(
  h: Harness,
  meter: { device: string; customerId: string; vehicleId: string },
  value: number,
  at: Date,
) {
  await h.database.query(
    `INSERT INTO device_states (device_pk, customer_id, hour_meter, hour_meter_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (device_pk, customer_id) DO UPDATE SET hour_meter = $3, hour_meter_at = $4`,
    [meter.device, meter.customerId, value, at],
  );
  await h.database.query('UPDATE vehicles SET cumulative_uptime_hours = $1 WHERE id = $2', [
    value,
    meter.vehicleId,
  ]);
}

/**
 * The app leaves the maintenance evaluation to the test: its own runs (woken by every write, on
 * the real clock) do nothing, and the test's `evaluateAll` sets the states at the test's clock.
 */
export function holdEvaluation(h: Harness): Promise<void> {
  return h.jobs.pause('maintenance-evaluation');
}
