/**
 * What each route's first load fetches, from the build itself: the entry chunk, the route's page
 * chunk and every chunk they import statically (what the browser modulepreloads), gzip -9 per
 * chunk, and the modules inside by size, grouped by package. Builds into a temporary folder.
 *
 *   npx tsx bench/web-bundle.ts [--top 25] [--route library] [--chunks] [--modules] [--why zod [--from features/library/LibraryPage.tsx]] [--floor]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';
import { parseArgs, ROOT } from './lib.ts';

const args = parseArgs();
const TOP = Number(args.get('top') ?? 25);
const ONLY = args.get('route');

/** Each route measured, by the page module its lazy route imports (see src/web/routes.tsx). */
const ROUTES: Record<string, string> = {
  'sign-in': 'features/auth/SignInPage.tsx',
  library: 'features/library/LibraryPage.tsx',
  item: 'features/item/ItemPage.tsx',
  home: 'features/home/HomePage.tsx',
};

let output: Rollup.OutputBundle | undefined;
/** Each module's static imports, to explain with --why how a module reaches the first load. */
const staticImports = new Map<string, readonly string[]>();
let entryModule = '';
const capture: Plugin = {
  name: 'folio-bundle-capture',
  generateBundle(_options, bundle) {
    output = bundle;
    for (const id of this.getModuleIds()) {
      const info = this.getModuleInfo(id);
      if (!info) continue;
      staticImports.set(id, info.importedIds);
      if (info.isEntry) entryModule = id;
    }
  },
};

const out = mkdtempSync(path.join(tmpdir(), 'folio-web-bundle-'));
try {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true },
    plugins: [capture],
  });
} finally {
  rmSync(out, { recursive: true, force: true });
}
if (!output) throw new Error('the build produced no bundle');

const chunks = Object.values(output).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
const byFile = new Map(chunks.map((c) => [c.fileName, c]));
const gzip = new Map(chunks.map((c) => [c.fileName, gzipSync(c.code, { level: 9 }).length]));
const entry = chunks.find((c) => c.isEntry);
if (!entry) throw new Error('no entry chunk');

/** A chunk and everything it imports statically (what runs before it). */
function closure(start: Rollup.OutputChunk, into = new Set<string>()) {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const file of start.imports) closure(byFile.get(file)!, into);
  return into;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pkg = (id: string) => {
  const m = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return m
    ? m[1]!.replace(/\\/g, '/')
    : `src/${path.relative(path.join(ROOT, 'src'), id).split(path.sep).slice(0, 3).join('/')}`;
};

function report(name: string, files: Set<string>) {
  const list = [...files].map((f) => byFile.get(f)!);
  const total = list.reduce((sum, c) => sum + gzip.get(c.fileName)!, 0);
  console.log(`\n## ${name}: ${list.length} scripts, ${kb(total)} gzip`);
  // each chunk's gzip shared among its modules by their rendered length
  const groups = new Map<string, number>();
  const modules: [string, number][] = [];
  for (const c of list) {
    const rendered = Object.values(c.modules).reduce((sum, m) => sum + m.renderedLength, 0) || 1;
    for (const [id, m] of Object.entries(c.modules)) {
      const share = (gzip.get(c.fileName)! * m.renderedLength) / rendered;
      groups.set(pkg(id), (groups.get(pkg(id)) ?? 0) + share);
      modules.push([id.replace(ROOT, '').replace(/^.*node_modules[\\/]/, ''), share]);
    }
  }
  if (args.has('chunks'))
    for (const c of list.sort((a, b) => gzip.get(b.fileName)! - gzip.get(a.fileName)!))
      console.log(`  chunk ${c.fileName.padEnd(48)} ${kb(gzip.get(c.fileName)!)}`);
  for (const [group, size] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`  ${group.padEnd(56)} ${kb(size)}`);
  if (args.has('modules'))
    for (const [id, size] of modules.sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`    ${id.padEnd(70)} ${kb(size)}`);
  return total;
}

const entryOnly = closure(entry);
report('entry (every route)', entryOnly);
for (const [route, page] of Object.entries(ROUTES)) {
  if (ONLY && ONLY !== route) continue;
  const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(page));
  if (!chunk) throw new Error(`no chunk for ${page}`);
  report(`${route} first load`, closure(chunk, new Set(entryOnly)));
}

/** The shortest chain of static imports from `from` to a module whose id contains `needle`. */
function why(from: string, needle: string) {
  const previous = new Map<string, string>([[from, '']]);
  const queue = [from];
  while (queue.length) {
    const id = queue.shift()!;
    if (id.includes(needle)) {
      const chain: string[] = [];
      for (let at = id; at; at = previous.get(at)!) chain.unshift(at.replace(ROOT, ''));
      return chain;
    }
    for (const next of staticImports.get(id) ?? [])
      if (!previous.has(next)) {
        previous.set(next, id);
        queue.push(next);
      }
  }
  return undefined;
}

const needle = args.get('why');
if (needle) {
  const from = args.get('from')
    ? [...staticImports.keys()].find((id) => id.endsWith(args.get('from')!))!
    : entryModule;
  console.log(`\nwhy ${needle} (from ${from.replace(ROOT, '')}):`);
  console.log((why(from, needle) ?? ['not reached statically']).map((id) => `  ${id}`).join('\n'));
}

/**
 * --floor: what React alone costs, the floor under every route: react, react-dom's client and the
 * declarative router rendering one route, built and minified the same way.
 */
if (args.has('floor')) {
  const dir = mkdtempSync(path.join(ROOT, '.floor-'));
  try {
    writeFileSync(
      path.join(dir, 'index.html'),
      '<div id="root"></div><script type="module" src="./main.tsx"></script>',
    );
    writeFileSync(
      path.join(dir, 'main.tsx'),
      `import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
function App() { return useRoutes([{ path: '*', element: <p>Hello</p> }]); }
createRoot(document.getElementById('root')!).render(<BrowserRouter><App /></BrowserRouter>);`,
    );
    let floor = 0;
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      build: { outDir: path.join(dir, 'dist'), write: false },
      plugins: [
        (await import('@vitejs/plugin-react')).default(),
        {
          name: 'floor-size',
          generateBundle(_options, bundle) {
            for (const file of Object.values(bundle))
              if (file.type === 'chunk') floor += gzipSync(file.code, { level: 9 }).length;
          },
        },
      ],
    });
    console.log(`\nfloor (react + react-dom + react-router, one route): ${kb(floor)} gzip`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
