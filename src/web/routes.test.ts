import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPageRoute } from '../shared/pages.ts';

/**
 * Every page the web app routes is one the server answers with index.html (src/shared/pages.ts),
 * so a reload or a pasted address opens it instead of the 404 page. Read from the source: importing
 * the routes would load every page.
 */
const source = readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8');
const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');

/** An address of the route: each `:param` and `*` filled with a plausible value. */
const example = (path: string) => path.replace(/:[A-Za-z]+/g, '12').replace(/\*$/, 'x');

describe('page routes', () => {
  it('finds the routes', () => {
    expect(paths).toContain('/group/:gName/item/:itemId');
  });

  it.each(paths)('the server answers %s with the app', (path) => {
    expect(isPageRoute(example(path))).toBe(true);
  });
});
