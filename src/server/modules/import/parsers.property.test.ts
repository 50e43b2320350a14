import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_FIXTURES, zippedFixture } from '../../../../test/helpers/import-files.ts';
import { ImportFormatError } from './entry.ts';
import { ENTRY_FORMATS } from './formats.ts';
import { bytesFile } from './source.ts';

/** A small seeded generator, so a failing case can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Every fixture's bytes (zip folders zipped): the seeds the damaged inputs grow from. */
function seeds(): Uint8Array[] {
  return readdirSync(IMPORT_FIXTURES).map((name) => {
    const full = path.join(IMPORT_FIXTURES, name);
    return statSync(full).isDirectory() ? zippedFixture(name) : new Uint8Array(readFileSync(full));
  });
}

/** Cut, flipped, repeated, spliced and random bytes. */
function damage(bytes: Uint8Array, next: () => number): Uint8Array {
  const at = Math.floor(next() * bytes.length);
  switch (Math.floor(next() * 5)) {
    case 0:
      return bytes.subarray(0, at);
    case 1: {
      const copy = new Uint8Array(bytes);
      for (let i = 0; i < 8; i += 1) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
      return copy;
    }
    case 2:
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.floor(next() * at))]);
    case 3:
      return Buffer.concat([bytes.subarray(at), bytes.subarray(0, at)]);
    default:
      return Uint8Array.from({ length: Math.floor(next() * 512) }, () => Math.floor(next() * 256));
  }
}

describe('no input makes a parser throw anything but a clear import error', () => {
  const all = seeds();
  for (const [format, { parse }] of Object.entries(ENTRY_FORMATS)) {
    it(format, async () => {
      const next = random(format.length * 7919);
      for (let round = 0; round < 60; round += 1) {
        const input = damage(all[Math.floor(next() * all.length)]!, next);
        try {
          for await (const parsed of parse(bytesFile(input, 1 + Math.floor(next() * 300)))) {
            if ('entry' in parsed)
              expect(parsed.entry.url === null || /^https?:\/\//.test(parsed.entry.url)).toBe(true);
            else expect(parsed.problem).toMatch(/\S/);
          }
        } catch (err) {
          if (!(err instanceof ImportFormatError)) throw new Error(`round ${round}: ${(err as Error).stack}`);
          expect(err.message).toMatch(/\S/);
        }
      }
    });
  }
});
