import { describe, expect, it } from 'vitest';
import { addressAllowList } from './metrics.ts';

describe('METRICS_ALLOW', () => {
  it('allows the listed addresses and ranges, IPv4 written as IPv6 included, and nothing else', () => {
    const allowed = addressAllowList(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8']);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.20.30.40', 'fd12::5'].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['127.0.0.2', '11.0.0.1', '::2', 'fe80::1', 'not-an-address', ''].map(allowed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
