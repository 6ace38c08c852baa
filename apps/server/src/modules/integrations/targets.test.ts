// Which webhook addresses lead into a private network: loopback, link-local (cloud metadata),
// private and reserved ranges, in IPv4, IPv6 and IPv4 written inside IPv6; local names; names
// that resolve there. A name that does not resolve is not refused at registration (the lookup
// of every delivery refuses it if it then leads there).
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, isPrivateTarget, PRIVATE_TARGET, publicOnlyLookup } from './targets.ts';

describe('private addresses', () => {
  it('tells private, loopback, link-local and reserved addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:a9fe:a9fe]',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('judges an address by its host, a local name, or what the name resolves to', async () => {
    const dns: Record<string, string[]> = {
      'hooks.example.com': ['93.184.216.34'],
      'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
      'intranet.example.com': ['192.168.10.4'],
    };
    const resolve = async (host: string) => dns[host] ?? [];
    const judged = async (url: string) => isPrivateTarget(url, resolve);
    expect(await judged('https://hooks.example.com/in')).toBe(false);
    expect(await judged('https://nowhere.example.com/in')).toBe(false);
    expect(await judged('https://rebind.example.com/in')).toBe(true);
    expect(await judged('http://intranet.example.com:8080/in')).toBe(true);
    expect(await judged('http://localhost:3000/in')).toBe(true);
    expect(await judged('http://yard.local/in')).toBe(true);
    expect(await judged('http://metadata.google.internal/')).toBe(true);
    expect(await judged('http://169.254.169.254/latest/meta-data')).toBe(true);
    // The URL parser writes these as 127.0.0.1 and [::ffff:7f00:1]: refused all the same.
    expect(await judged('http://2130706433/in')).toBe(true);
    expect(await judged('http://0x7f.1/in')).toBe(true);
    expect(await judged('http://[::ffff:127.0.0.1]:80/in')).toBe(true);
    expect(await judged('http://[::1]/in')).toBe(true);
    expect(await judged('https://93.184.216.34/in')).toBe(false);
  });

  it("refuses a delivery's connection to a name that resolves to a private address", async () => {
    const outcome = await new Promise<{ code?: string }>((resolve) =>
      publicOnlyLookup('localhost', {}, (error) => resolve({ code: (error as { code?: string })?.code })),
    );
    expect(outcome.code).toBe(PRIVATE_TARGET);
  });
});
