// A vehicle at its last position, as the location list answers, for the maps' tests.
import type { VehicleLocation } from '@fleetlens/contracts';

export const testVehicle = (over: Partial<VehicleLocation> = {}): VehicleLocation => ({
  vehicle_id: 'v1',
  name: 'Reach 1',
  customer: { id: 'c1', name: 'Harbor' },
  vehicle_type: 'reach_stacker',
  icon: 'b',
  maintenance_mode: false,
  device: { id: 'd1', device_id: '1001' },
  lat: 35.6,
  lng: 139.7,
  speed: 5,
  direction: 180,
  motion: 'running',
  online: true,
  position_at: '2026-05-01T08:00:00.000Z',
  updated_at: '2026-05-01T08:00:00.000Z',
  state: {
    online: true,
    connection_changed_at: '2026-05-01T07:00:00.000Z',
    motion: 'running',
    motion_changed_at: '2026-05-01T07:30:00.000Z',
  },
  ...over,
});
