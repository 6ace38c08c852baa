// The device link's MQTT topics (docs/device-protocol.md). One set per device, under its device
// id: devices publish upward, the server publishes commands downward. A device may only publish
// to and subscribe to its own topics; the broker enforces that.

export const DEVICE_TOPIC_ROOT = 'fleetlens/v1/devices';

/** What a device publishes (QoS 1): each has its payload schema in messages.ts. */
export const DEVICE_UP_CHANNELS = ['positions', 'status', 'events', 'sign-on', 'command-acks'] as const;
export type DeviceUpChannel = (typeof DEVICE_UP_CHANNELS)[number];

/** What the server publishes to a device (QoS 1). */
export const DEVICE_DOWN_CHANNELS = ['commands'] as const;
export type DeviceDownChannel = (typeof DEVICE_DOWN_CHANNELS)[number];

export type DeviceChannel = DeviceUpChannel | DeviceDownChannel;

/** Device ids are digits only (domain spec §5). */
export const TOPIC_DEVICE_ID_PATTERN = /^[0-9]{1,20}$/;

export function deviceTopic(deviceId: string, channel: DeviceChannel): string {
  return `${DEVICE_TOPIC_ROOT}/${deviceId}/${channel}`;
}

/** The wildcard the server subscribes to for one upward channel of every device. */
export function allDevicesTopic(channel: DeviceUpChannel): string {
  return `${DEVICE_TOPIC_ROOT}/+/${channel}`;
}

/** Splits a topic into device id and channel; null when it is not one of the device link's topics. */
export function parseDeviceTopic(topic: string): { deviceId: string; channel: DeviceChannel } | null {
  const prefix = `${DEVICE_TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return null;
  const rest = topic.slice(prefix.length).split('/');
  if (rest.length !== 2) return null;
  const [deviceId, channel] = rest as [string, string];
  if (!TOPIC_DEVICE_ID_PATTERN.test(deviceId)) return null;
  const known: readonly string[] = [...DEVICE_UP_CHANNELS, ...DEVICE_DOWN_CHANNELS];
  if (!known.includes(channel)) return null;
  return { deviceId, channel: channel as DeviceChannel };
}

export function isUpChannel(channel: DeviceChannel): channel is DeviceUpChannel {
  return (DEVICE_UP_CHANNELS as readonly string[]).includes(channel);
}

/**
 * The broker's access rule for publishing, in one place: exactly one of the device's own five
 * upward topics. Everything else (its own commands topic, an unknown channel, an extra level,
 * another device) is refused, so nothing outside the protocol is ever acknowledged.
 */
export function mayPublish(deviceId: string, topic: string): boolean {
  const route = parseDeviceTopic(topic);
  return route !== null && route.deviceId === deviceId && isUpChannel(route.channel);
}

/** The access rule for subscribing: the device's own commands topic, as written (no wildcard). */
export function maySubscribe(deviceId: string, topicFilter: string): boolean {
  return topicFilter === deviceTopic(deviceId, 'commands');
}
