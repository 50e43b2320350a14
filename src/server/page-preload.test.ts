import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, pageModule, preloadLinks, type ViteManifest } from './page-preload.ts';

/** A build's manifest in miniature: the entry, the library page and a chunk both share. */
const MANIFEST: ViteManifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_react-R1.js'],
    css: ['assets/index-C1.css'],
  },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_rows-W1.js': {
    file: 'assets/rows-W1.js',
    imports: ['_react-R1.js', '_icons-I1.js'],
    css: ['assets/rows-C2.css'],
  },
  '_icons-I1.js': { file: 'assets/icons-I1.js', imports: ['_react-R1.js'] },
  'features/library/LibraryPage.tsx': {
    file: 'assets/LibraryPage-L1.js',
    imports: ['index.html', '_react-R1.js', '_rows-W1.js'],
    css: ['assets/LibraryPage-C3.css', 'assets/index-C1.css'],
  },
};

describe('page preload links', () => {
  it("names the page's chunk, what it imports transitively and its style sheets, not the entry's", () => {
    const links = preloadLinks(MANIFEST, 'features/library/LibraryPage.tsx');
    expect(links).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/LibraryPage-L1.js" fetchpriority="low">' +
        '<link rel="modulepreload" crossorigin href="/assets/rows-W1.js" fetchpriority="low">' +
        '<link rel="modulepreload" crossorigin href="/assets/icons-I1.js" fetchpriority="low">' +
        '<link rel="preload" as="style" crossorigin href="/assets/LibraryPage-C3.css" fetchpriority="low">' +
        '<link rel="preload" as="style" crossorigin href="/assets/rows-C2.css" fetchpriority="low">',
    );
  });

  it('names nothing for a module the build does not have', () => {
    expect(preloadLinks(MANIFEST, 'features/gone/GonePage.tsx')).toBe('');
  });

  it('maps each page path to the module routes.tsx renders there', () => {
    expect(pageModule('/user/ann')).toBe('features/library/LibraryPage.tsx');
    expect(pageModule('/user/ann/')).toBe('features/library/LibraryPage.tsx');
    expect(pageModule('/user/ann/reading')).toBe('features/library/LibraryPage.tsx');
    expect(pageModule('/user/ann/b/12')).toBe('features/item/ItemPage.tsx');
    expect(pageModule('/user/ann/d/12')).toBe('features/item/ItemPage.tsx');
    expect(pageModule('/user/ann/tags')).toBe('features/tags/TagsPage.tsx');
    expect(pageModule('/sign-in')).toBe('features/auth/SignInPage.tsx');
    expect(pageModule('/')).toBe('features/home/HomePage.tsx');
    expect(pageModule('/outliners')).toBeNull();
  });

  it('names modules routes.tsx really loads, so a renamed page fails here rather than in silence', () => {
    const routes = readFileSync(new URL('../web/routes.tsx', import.meta.url), 'utf8');
    for (const [, module] of PAGE_MODULES) expect(routes).toContain(`import('./${module}')`);
  });
});
