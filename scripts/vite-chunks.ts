import { createHash } from 'node:crypto';
import path from 'node:path';

/** What the chunk naming reads of rolldown's module graph (its `ChunkingContext`). */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const ZOD_CONFIG = /[\\/]zod-config\.ts$/;
/** lucide-react's index, which re-exports every icon: the graph says who imports it, not which icons. */
const LUCIDE = /[\\/]node_modules[\\/]lucide-react[\\/].*[\\/]lucide-react\.mjs$/;

/**
 * Names the chunk of each module (rolldown's `output.codeSplitting.groups[].name`), so the library's
 * first load is a few scripts instead of one per shared module: left to itself rolldown gives every
 * set of importers its own chunk, and the library's first load was 34 scripts, about 20 of them a few
 * hundred bytes (single lucide icons, CSS-module class maps), over HTTP/1.1's six connections.
 *
 * The modules that a page route (what `routes.tsx` imports lazily) reaches by static imports, less
 * the entry's, are named by the pages that reach them. For a module the library reaches, the name
 * keeps only whether the sign-in pages (`features/auth`) and other pages reach it too, so the
 * library's code is in at most four chunks; other modules get one chunk per set of pages. A page thus
 * fetches no module that only lazily loaded code (menus, dialogs, the editor, pdf.js) or other pages
 * need, except that another page may fetch some of the library's shared code; and as a module's
 * imports are reached by every page that reaches it, a chunk imports only chunks of more pages: no
 * cycle. The entry's modules go to one chunk beside it. A module also imported lazily (each page
 * module, a preview opened from the library) keeps a chunk of its own, so a page module stays the facade
 * of its chunk, the key the server looks it up by in Vite's manifest (page-preload.ts). Lazily loaded
 * modules are left to rolldown.
 *
 * zod gets its own chunk, loaded with the first route that builds schemas; its jitless setting
 * (zod-config.ts, zod-free) must run before zod, else zod probes `new Function`, a CSP report. In its
 * own chunk it is the entry's first import, so it runs first even when the entry imports zod
 * statically (a chunk's imports run before the entry's own code).
 */
export function chunkNamer(
  entry: string,
  routes: string,
  library: string,
): (id: string, graph: ModuleGraph) => string | null {
  let names: Map<string, string> | undefined;
  return (id, graph) => {
    if (ZOD.test(id)) return 'zod';
    if (ZOD_CONFIG.test(id)) return 'zod-config';
    names ??= pageChunkNames(graph, entry, routes, library);
    return names.get(id) ?? null;
  };
}

function pageChunkNames(graph: ModuleGraph, entry: string, routes: string, library: string) {
  const imports = importsOf(graph);
  const closure = (id: string, into = new Set<string>()): Set<string> => {
    if (into.has(id)) return into;
    into.add(id);
    for (const dep of imports(id)) closure(dep, into);
    return into;
  };
  const entryModules = closure(entry);
  const pagesOf = new Map<string, Set<string>>();
  const pages = graph.getModuleInfo(routes)?.dynamicallyImportedIds ?? [];
  for (const page of pages)
    for (const id of closure(page))
      if (!entryModules.has(id) && !graph.getModuleInfo(id)?.dynamicImporters.length)
        pagesOf.set(id, (pagesOf.get(id) ?? new Set()).add(page));
  // the entry's modules in one chunk beside it, which the lazily loaded chunks import, instead of
  // a chunk per set of them (jsx-runtime, the icon base, the API client...)
  const names = new Map([...entryModules].filter((id) => id !== entry).map((id) => [id, 'app']));
  for (const [id, reached] of pagesOf) {
    const kinds = new Set([...reached].map((page) => pageKind(page, library)));
    names.set(
      id,
      kinds.has('pages') && kinds.size === 1
        ? `pages-${createHash('sha256')
            .update([...reached].sort().join(','))
            .digest('hex')
            .slice(0, 8)}`
        : KINDS.filter((kind) => kinds.has(kind)).join('-'),
    );
  }
  return names;
}

/**
 * A module's static imports, with lucide-react's index replaced by the icons the module names from it
 * (found in its code), so each icon goes with the pages that show it.
 */
function importsOf(graph: ModuleGraph): (id: string) => string[] {
  let icons: Map<string, string> | undefined;
  const iconFiles = (index: string) => {
    const found = new Map<string, string>();
    const code = graph.getModuleInfo(index)?.code ?? '';
    for (const [, names, file] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g))
      for (const name of names!.matchAll(/as\s+(\w+)/g))
        found.set(name[1]!, path.resolve(path.dirname(index), file!));
    return found;
  };
  return (id) => {
    const info = graph.getModuleInfo(id);
    if (!info) return [];
    const index = info.importedIds.find((dep) => LUCIDE.test(dep));
    if (!index) return [...info.importedIds];
    icons ??= iconFiles(index);
    const named = [...(info.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)]
      .flatMap(([, names]) => names!.split(','))
      .map((name) => icons!.get(name.trim().split(/\s+as\s+/)[0]!))
      .filter((file): file is string => file !== undefined);
    return [...info.importedIds.filter((dep) => dep !== index), ...named];
  };
}

/** The pages whose first load is kept to a few chunks, then every other page. */
const KINDS = ['library', 'signin', 'home', 'pages'] as const;

function pageKind(page: string, library: string): (typeof KINDS)[number] {
  if (page === library) return 'library';
  if (/[\\/]features[\\/]auth[\\/]SignInPage\.tsx$/.test(page)) return 'signin';
  if (/[\\/]features[\\/]home[\\/]HomePage\.tsx$/.test(page)) return 'home';
  return 'pages';
}
