import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, STUB_SOURCE } from '../scripts/vite-call-definitions.ts';

const API = path.resolve(import.meta.dirname, '../src/shared/api');

describe('the web build’s call definitions without schemas', () => {
  it('names every value a schema module exports, not its types', () => {
    const source = [
      'export const a = 1;',
      'export function b() {}',
      'export type C = string;',
      "export { d, e as f, type G } from './x.ts';",
    ].join('\n');
    expect(exportedNames(source)).toEqual(['a', 'b', 'd', 'f']);
  });

  it('stands in for a schema in any use a definition makes of it', async () => {
    const url = `data:text/javascript,${encodeURIComponent(STUB_SOURCE)}`;
    const stub = (await import(url)).default;
    expect(stub.object({}).extend({}).or(stub)).toBe(stub);
    expect(`formats ${stub.join(', ')}`).toBe('formats ');
    expect(stub.then).toBeUndefined();
  });

  it('leaves every path independent of the schema modules (the web reads paths)', () => {
    for (const file of readdirSync(API).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(path.join(API, file), 'utf8');
      const imported = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:\.\.\/schemas\/[^']+|zod)'/g)]
        .flatMap((m) => m[1]!.split(','))
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '));
      const paths = [...text.matchAll(/^\s*path: (.*)$/gm)].map((m) => m[1]!);
      for (const p of paths) {
        for (const name of imported) expect(p, `${file}: ${p}`).not.toMatch(new RegExp(`\\b${name}\\b`));
      }
    }
  });
});
