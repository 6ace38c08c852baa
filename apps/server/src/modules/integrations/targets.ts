// Where a webhook may be sent (docs/decisions/2026-12-07-webhooks.md, "Private addresses"). A
// hosted server must not be made to post into its own network (SSRF): a webhook whose address
// is, or resolves to, a loopback, link-local, private, shared or reserved address is refused,
// unless the deployment allows private targets (WEBHOOK_PRIVATE_TARGETS, on by default for the
// embedded one-machine install). The address is checked when it is registered, and the address
// actually connected to is checked again at every delivery: a name's DNS answer can change.
import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether `ip` is not an address of the public internet (an IPv4 inside IPv6 judged as IPv4). */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(bare);
  if (family === 4) return NOT_PUBLIC.check(bare, 'ipv4');
  if (family === 6) {
    // ::ffff:7f00:1 is how the URL parser writes ::ffff:127.0.0.1.
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
    if (hex) {
      const n = (Number.parseInt(hex[1] ?? '0', 16) << 16) | Number.parseInt(hex[2] ?? '0', 16);
      return isPrivateAddress([24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.'));
    }
    return NOT_PUBLIC.check(bare, 'ipv6');
  }
  return false;
}

/** Names that are this machine or its network whatever DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)\.?$/i;

export type Resolve = (host: string) => Promise<string[]>;

const RESOLVE_TIMEOUT_MS = 3000;

/** The host's addresses (none when it does not resolve within a few seconds). */
export const resolveHost: Resolve = (host) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
    lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      resolve(error ? [] : addresses.map((a) => a.address));
    });
  });

/**
 * Whether the webhook address `url` is on a private network: its host is such an address, a local
 * name, or a name any of whose addresses is private. A name that does not resolve now is not
 * (it is checked again when something is sent to it).
 */
export async function isPrivateTarget(url: string, resolve: Resolve = resolveHost): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host);
  if (LOCAL_NAME.test(host)) return true;
  return (await resolve(host)).some(isPrivateAddress);
}

/** The error of a delivery refused because its address leads to a private network. */
export const PRIVATE_TARGET = 'EPRIVATETARGET';

/**
 * The DNS lookup of a delivery's connection when private targets are refused: it answers only
 * public addresses, so the address connected to is the address checked.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const [first] = addresses;
    if (!first || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private address`), { code: PRIVATE_TARGET }),
        '',
        0,
      );
    if (options.all) return callback(null, addresses);
    callback(null, first.address, first.family);
  });
};
