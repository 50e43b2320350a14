import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of Vite's build manifest (`.vite/manifest.json`, `build.manifest`) read here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** keys of the chunks this one imports statically */
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * Each page route's module in src/web (as `routes.tsx` imports it), for the routes worth naming ahead.
 * First match wins, so the item and tags pages come before the library's /user/{name}/*. A path left
 * out, or matched to the wrong page, only loses the head start: the app still loads what it renders.
 */
export const PAGE_MODULES: [RegExp, string][] = [
  [/^\/$/, 'features/home/HomePage.tsx'],
  [/^\/sign-in$/, 'features/auth/SignInPage.tsx'],
  [/^\/sign-up$/, 'features/auth/SignUpPage.tsx'],
  [/^\/user\/[^/]+\/[bd]\/[^/]+$/, 'features/item/ItemPage.tsx'],
  [/^\/user\/[^/]+\/tags$/, 'features/tags/TagsPage.tsx'],
  [/^\/user\/[^/]+(\/.*)?$/, 'features/library/LibraryPage.tsx'],
  [/^\/setting$/, 'features/settings/SettingsPage.tsx'],
  [/^\/groups$/, 'features/groups/GroupsPage.tsx'],
  [/^\/review$/, 'features/review/ReviewPage.tsx'],
];

export function pageModule(pathname: string): string | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_MODULES.find(([pattern]) => pattern.test(clean))?.[1] ?? null;
}

/** A chunk's file and the files of every chunk it imports statically, transitively. */
function staticClosure(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/**
 * The `<link>` tags that fetch a page's chunks while the entry loads, instead of after it has run
 * and rendered: a modulepreload for the page's chunk and each chunk it imports, and a preload of its
 * style sheets, less what the entry (index.html) loads anyway. Vite's loader skips a script a
 * `<link>` already names and takes a preloaded sheet from the cache, so nothing is fetched twice.
 * They ask for low priority: over HTTP/1.1's six connections, render-blocking sheets of the page
 * (fetched first) held back the entry's own imports, and with them its first requests.
 */
export function preloadLinks(manifest: ViteManifest, module: string): string {
  if (!manifest[module]) return '';
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, entry);
  const entryCss = new Set([...entry].flatMap((key) => manifest[key]!.css ?? []));
  const page = [...staticClosure(manifest, module)].filter((key) => !entry.has(key));
  const scripts = page.map(
    (key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}" fetchpriority="low">`,
  );
  const styles = [...new Set(page.flatMap((key) => manifest[key]!.css ?? []))]
    .filter((file) => !entryCss.has(file))
    .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}" fetchpriority="low">`);
  return [...scripts, ...styles].join('');
}

/**
 * index.html as each page route is sent: with its page's preload links before `</head>` when the
 * build wrote a manifest (made once per page module). Without one (an older build), index.html as is.
 */
export function pageHtml(webDir: string, indexHtml: string): (pathname: string) => string {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => indexHtml;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
  const made = new Map<string, string>();
  return (pathname) => {
    const module = pageModule(pathname);
    if (!module) return indexHtml;
    let html = made.get(module);
    if (html === undefined) {
      html = indexHtml.replace('</head>', `${preloadLinks(manifest, module)}</head>`);
      made.set(module, html);
    }
    return html;
  };
}
