// One example per device message, each valid against its schema (device-link/protocol.test.ts
// on the server checks them against the zod schemas and the published JSON Schema). They go into
// the published schemas and the AsyncAPI document as the firmware writer's first template.
import type { DeviceChannel } from './topics.ts';

/** The thresholds the command examples read and write. */
const THRESHOLDS = {
  acceleration: { threshold: 0.35, duration: 300 },
  deceleration: { threshold: 0.4, duration: 300 },
  impact: { threshold: 1, duration: 100 },
  quick_handle: { threshold: 0.35, duration: 300 },
};

export const DEVICE_MESSAGE_EXAMPLES: Record<DeviceChannel, readonly object[]> = {
  positions: [
    {
      id: 'lq2k3x-1042',
      time: '2025-01-23T10:00:01.000Z',
      lat: 35.6172,
      lng: 139.7761,
      speed: 11.8,
      direction: 90,
      altitude: 3.5,
      satellites: 9,
      hdop: 0.9,
    },
  ],
  status: [
    {
      id: 'lq2k3x-1043',
      time: '2025-01-23T10:00:02.000Z',
      connection: 'online',
      motion: 'running',
      hour_meter: 4211.25,
      firmware: '8690',
    },
    { id: 'lq2k3x-1044', time: '2025-01-23T10:00:03.000Z', connection: 'offline' },
  ],
  events: [
    {
      id: 'lq2k3x-1045',
      time: '2025-01-23T10:00:04.000Z',
      type: 'SuddenDeceleration',
      lat: 35.6172,
      lng: 139.7761,
      speed: 9.1,
      direction: 90,
      gx: -0.52,
      gy: 0.03,
      gz: 1.01,
      roll: 0.4,
      pitch: -1.2,
      yaw: 90,
      rfid: '0410A1B2C301',
      cameras: 2,
      camera_ids: ['9000000001-1', '9000000001-2'],
      samples: [
        { offset_ms: -1000, gx: 0.02, gy: 0.01, gz: 1, roll: 0.1, pitch: 0.2, yaw: 90, speed: 14.2 },
        { offset_ms: 0, gx: -0.52, gy: 0.03, gz: 1.01, roll: 0.4, pitch: -1.2, yaw: 90, speed: 9.1 },
        { offset_ms: 1000, gx: -0.21, gy: 0.02, gz: 1, roll: 0.2, pitch: -0.6, yaw: 90, speed: 6.4 },
      ],
    },
  ],
  'sign-on': [
    { id: 'lq2k3x-1046', time: '2025-01-23T10:00:05.000Z', action: 'sign-on', rfid: '0410A1B2C301' },
  ],
  'command-acks': [
    {
      id: 'lq2k3x-1047',
      time: '2025-01-23T10:01:01.000Z',
      command_id: '6f1c2a8e-0d4b-4e57-9a31-2b7c5d9e0f14',
      status: 'received',
    },
    {
      id: 'lq2k3x-1048',
      time: '2025-01-23T10:01:02.000Z',
      command_id: '6f1c2a8e-0d4b-4e57-9a31-2b7c5d9e0f14',
      status: 'completed',
      thresholds: THRESHOLDS,
    },
  ],
  commands: [
    {
      id: '6f1c2a8e-0d4b-4e57-9a31-2b7c5d9e0f14',
      time: '2025-01-23T10:01:00.000Z',
      type: 'threshold-read',
    },
    {
      id: '0b9d7c3e-5f21-4a86-8e4d-6c1a2b3f4e5d',
      time: '2025-01-23T10:02:00.000Z',
      type: 'threshold-write',
      thresholds: THRESHOLDS,
    },
    {
      id: 'c5e2a913-7b4d-4f60-8a2e-3d9f1b6c7e80',
      time: '2025-01-23T10:03:00.000Z',
      type: 'zone-speed-limits',
      revision: '3fa2c81b09d4e675',
      zones: [
        {
          id: '7d3e9b21-4c5a-4e8f-b1d2-6a0f8c3e5b94',
          limit_kmh: 6,
          ring: [
            [139.7759, 35.6165],
            [139.7763, 35.6165],
            [139.7763, 35.6169],
            [139.7759, 35.6169],
          ],
        },
      ],
      omitted: 0,
    },
  ],
};
