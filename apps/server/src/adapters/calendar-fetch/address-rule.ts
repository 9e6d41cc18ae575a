import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a calendar link or a push address may not reach (docs/security.md, Calendar links
 * and Push addresses): this machine (loopback, unspecified), the private and shared ranges,
 * link-local (cloud metadata at 169.254.169.254 among them), multicast and the reserved ranges,
 * in IPv4 and IPv6, and IPv4 inside IPv6 (::ffff:127.0.0.1). A school's own timetable server on
 * its network is reached only when the admin says so (ICS_ALLOW_PRIVATE; PUSH_ALLOW_PRIVATE for
 * push).
 */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  refused.addSubnet(net, prefix, 'ipv6');

/** True for an address the server must not reach (unless the admin allows private ones). */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4 written inside IPv6 (::ffff:a.b.c.d, or its hex form ::ffff:7f00:1) is that IPv4.
    const mapped = /^::ffff:(?:0+:)?(.+)$/i.exec(bare)?.[1];
    if (mapped) {
      if (isIP(mapped) === 4) return refused.check(mapped, 'ipv4');
      const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
      if (hex) {
        const n =
          (Number.parseInt(hex[1] as string, 16) << 16) | Number.parseInt(hex[2] as string, 16);
        const v4 = [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
        return refused.check(v4, 'ipv4');
      }
    }
    return refused.check(bare, 'ipv6');
  }
  return refused.check(bare, 'ipv4');
}

/**
 * dns.lookup with every answer checked, for a connection's `lookup` option: a refused address
 * (any of the name's) fails the connection with `refused()` (code EADDRREFUSED), so it goes to
 * the address that was checked and no second lookup can answer otherwise.
 */
export function checkedLookup(allowPrivate: boolean, refused: () => Error) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (
      err: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (list.length === 0 || (!allowPrivate && list.some((a) => isRefusedAddress(a.address))))
        return callback(Object.assign(refused(), { code: 'EADDRREFUSED' }), '');
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
