/**
 * npm run build:extension: bundles extension/src with esbuild into extension/dist (the unpacked
 * extension, loadable as it is) and packs it into dist/extension/folio-extension.zip, which the
 * app serves at /extension/folio-extension.zip. The shared anchoring and schemas are bundled in
 * from src/shared, not copied.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { zipSync } from 'fflate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ext = path.join(root, 'extension');
/**
 * --out <dir>: an unpacked build elsewhere, not packed (the journeys build their own); --grant
 * <pattern>: host permissions granted at install, as the user grants them in the options (a
 * headless browser cannot answer the permission prompt).
 */
const { values: args } = parseArgs({
  options: { out: { type: 'string' }, grant: { type: 'string', multiple: true } },
});
const out = args.out ? path.resolve(args.out) : path.join(ext, 'dist');
const zipFile = args.out ? null : path.join(root, 'dist/extension/folio-extension.zip');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const common = {
  bundle: true,
  target: ['chrome121', 'firefox128'] as string[],
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
} as const;
// the service worker and the pages are modules; the content script is a classic script
await build({
  ...common,
  format: 'esm',
  entryPoints: ['background', 'options', 'popup', 'sidepanel'].map((n) => path.join(ext, `src/${n}.ts`)),
  outdir: out,
});
await build({
  ...common,
  format: 'iife',
  entryPoints: [path.join(ext, 'src/content/content.ts')],
  outdir: out,
});

const manifest = JSON.parse(readFileSync(path.join(ext, 'manifest.json'), 'utf8'));
manifest.version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
if (args.grant?.length) manifest.host_permissions = args.grant;
writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
cpSync(path.join(ext, 'static'), out, { recursive: true });

const files: Record<string, Uint8Array> = {};
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else files[path.relative(out, full).split(path.sep).join('/')] = readFileSync(full);
  }
};
walk(out);
if (zipFile) {
  mkdirSync(path.dirname(zipFile), { recursive: true });
  writeFileSync(zipFile, zipSync(files, { level: 9 }));
  console.log(
    `extension: ${Object.keys(files).length} files in ${path.relative(root, out)}, packed to ${path.relative(root, zipFile)}`,
  );
}
