import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const STUB = '\0folio-schema-stub:';

/**
 * Any property, call or construction gives the stub back, so a definition's `query: loadTagsSchema`
 * or `reply: a.or(b)` evaluates to a truthy placeholder; in text (a summary naming
 * `EXPORT_FORMATS.join(', ')`) it reads as ''. Not thenable, so nothing awaits it.
 */
export const STUB_SOURCE = [
  'const stub = new Proxy(function schema() {}, {',
  "  get: (_target, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => '' : stub),",
  '  apply: () => stub,',
  '  construct: () => stub,',
  '});',
  'export default stub;',
].join('\n');

/** The names a schema module exports (its values; types are erased before the web sees them). */
export function exportedNames(source: string): string[] {
  const declared = [...source.matchAll(/^export (?:const|let|function|class) ([A-Za-z_$][\w$]*)/gm)].map(
    (m) => m[1]!,
  );
  const listed = [...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/).pop()!),
  );
  return [...new Set([...declared, ...listed])];
}

/**
 * The web build's call definitions (`src/shared/api/*.ts`) without their zod schemas: the web client
 * reads only a definition's method, path and whether it has a JSON reply (`web/api/client.ts` `call`),
 * and takes the types from TypeScript. Left in, every page's first load carried zod and every schema
 * (+34 KB gzip on the library's, docs/decisions.md); so in the web build a definition's imports of
 * `../schemas/*` and of zod resolve to placeholders. The server, the tests and the type check see the
 * real modules.
 */
export function callDefinitionsWithoutSchemas(apiDir: string): Plugin {
  return {
    name: 'folio-call-definitions-without-schemas',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || path.dirname(importer) !== apiDir) return null;
      if (source === 'zod') return `${STUB}zod`;
      if (source.startsWith('../schemas/')) return STUB + path.resolve(apiDir, source);
      return null;
    },
    load(id) {
      if (!id.startsWith(STUB)) return null;
      const original = id.slice(STUB.length);
      const names = original === 'zod' ? ['z'] : exportedNames(readFileSync(original, 'utf8'));
      return [STUB_SOURCE, ...names.map((name) => `export const ${name} = stub;`)].join('\n');
    },
  };
}
