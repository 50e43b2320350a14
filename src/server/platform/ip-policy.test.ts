import { describe, expect, it } from 'vitest';
import { checkAddress, embeddedIPv4, ipv6Groups } from './ip-policy.ts';

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
  ])('refuses %s (%s)', (address, label) => {
    const verdict = checkAddress(address);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.range).toContain(label);
  });

  it.each(['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254'])(
    'refuses the cloud metadata address %s even when private addresses are allowed',
    (address) => {
      expect(checkAddress(address, true)).toEqual({
        allowed: false,
        reason: 'metadata',
        range: 'cloud metadata endpoint',
      });
    },
  );

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '2002:0808:0808::1',
  ])('allows the public address %s', (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });

  it('lets FETCH_ALLOW_PRIVATE reach loopback and private networks', () => {
    expect(checkAddress('127.0.0.1', true)).toEqual({ allowed: true });
    expect(checkAddress('10.0.0.1', true)).toEqual({ allowed: true });
  });

  it('refuses what is not an address', () => {
    expect(checkAddress('localhost').allowed).toBe(false);
  });

  it('expands IPv6 addresses and finds the IPv4 inside', () => {
    expect(ipv6Groups('fe80::1')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(embeddedIPv4('::ffff:c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIPv4('2606:4700::1111')).toBeNull();
  });
});
