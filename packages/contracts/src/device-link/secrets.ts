// What people may see of a command to a device. A command carries the device's credentials for
// one job: a live-start its stream's name and signed RTMP publish addresses, a video-upload (when
// sent) a signed PUT address, and a device's error text may quote them back. Whoever holds them
// could publish into a stream or write an object, so no API answer shows them: the device gets
// its own over its own MQTT topic, people see what was asked and how it went.

/** Parameters that are a device's credentials, wherever they sit in a command or its answer. */
const SECRET_KEYS = new Set([
  'stream',
  'publish_url',
  'upload_url',
  'url',
  'token',
  'sign',
  'secret',
  'password',
]);
/** An address that is itself a permission: RTMP (its path names the stream) or signed. */
const SECRET_ADDRESS =
  /\b(?:rtmps?:\/\/\S+|https?:\/\/\S*[?&](?:sign|token|signature|x-amz-signature|expires)=\S*)/gi;
export const REDACTED = '[redacted]';

/** Text with every secret address in it replaced. */
export function redactAddresses(text: string): string {
  return text.replace(SECRET_ADDRESS, REDACTED);
}

/** A command's parameters, answer or error as people may see them: no stream name, no signed address. */
export function redactCommandSecrets<T>(value: T): T {
  if (typeof value === 'string') return redactAddresses(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactCommandSecrets(item)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEYS.has(key) ? REDACTED : redactCommandSecrets(item),
      ]),
    ) as T;
  return value;
}
