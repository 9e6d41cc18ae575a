import { BlockList, isIP } from 'node:net';

/**
 * Addresses a calendar link may not reach (docs/security.md, Calendar links): this machine
 * (loopback, unspecified), the private and shared ranges, link-local (cloud metadata at
 * 169.254.169.254 among them), multicast and the reserved ranges, in IPv4 and IPv6, and IPv4
 * inside IPv6 (::ffff:127.0.0.1). A school's own timetable server on its network is reached only
 * when the admin says so (ICS_ALLOW_PRIVATE).
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

/** True for an address a calendar link must not reach (unless the admin allows private ones). */
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
