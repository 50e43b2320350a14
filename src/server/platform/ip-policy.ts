import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses a server-side fetch of a user-given URL may connect to: only globally routable
 * unicast. Kept apart from fetcher.ts so the rules read as one table and are unit-tested alone.
 */
export type AddressVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'metadata' | 'non-global'; range: string };

/** Cloud metadata endpoints: refused even when FETCH_ALLOW_PRIVATE lets tests reach 127.0.0.1. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '169.254.170.2']);

const V4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network / unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  // reserved, including the broadcast address 255.255.255.255
  ['240.0.0.0', 4, 'reserved / broadcast'],
];

const V6_RANGES: [string, number, string][] = [
  // :: (unspecified), ::1 (loopback) and the deprecated IPv4-compatible addresses
  ['::', 96, 'unspecified / loopback / IPv4-compatible'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001::', 23, 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

function blockList(ranges: [string, number, string][], type: 'ipv4' | 'ipv6') {
  return ranges.map(([net, prefix, label]) => {
    const list = new BlockList();
    list.addSubnet(net, prefix, type);
    return { list, label: `${net}/${prefix} (${label})` };
  });
}
const V4 = blockList(V4_RANGES, 'ipv4');
const V6 = blockList(V6_RANGES, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (handles :: and a trailing dotted quad). */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const quad = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (quad) {
    const [a, b, c, d] = quad[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -quad[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address carries and hands to the IPv4 internet: IPv4-mapped
 * (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). Checked as IPv4 so
 * `::ffff:127.0.0.1` is loopback, not "some IPv6 address".
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.length !== 8) return null;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(5) && g[5] === 0xffff) return v4FromGroups(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return v4FromGroups(g[6]!, g[7]!);
  }
  if (g[0] === 0x2002) return v4FromGroups(g[1]!, g[2]!);
  return null;
}

/** Decides one resolved address. `allowPrivate` (tests) lifts everything but metadata endpoints. */
export function checkAddress(address: string, allowPrivate = false): AddressVerdict {
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  if (family === 0) return { allowed: false, reason: 'non-global', range: 'not an IP address' };
  const v4 = family === 4 ? address : embeddedIPv4(address);
  const normalized = family === 6 ? ipv6Groups(address).join(':') : address;
  if (
    METADATA.has(address) ||
    (v4 && METADATA.has(v4)) ||
    normalized === ipv6Groups('fd00:ec2::254').join(':')
  ) {
    return { allowed: false, reason: 'metadata', range: 'cloud metadata endpoint' };
  }
  if (allowPrivate) return { allowed: true };
  if (v4) {
    const hit = V4.find((r) => r.list.check(v4, 'ipv4'));
    if (hit) return { allowed: false, reason: 'non-global', range: hit.label };
    if (family === 4) return { allowed: true };
  }
  const hit = V6.find((r) => r.list.check(address, 'ipv6'));
  if (hit) return { allowed: false, reason: 'non-global', range: hit.label };
  return { allowed: true };
}
