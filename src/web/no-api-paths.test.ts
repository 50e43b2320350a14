import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Call } from '../shared/api/define.ts';
import { isPageRoute } from '../shared/pages.ts';

/**
 * The web client writes no path of a call: it calls the definitions in src/shared/api/ (`call`,
 * `uploadCall`, `urlOf`). This scans every non-test source file under src/web for a string or
 * template literal that begins with the first segment of a defined call's path ('/api/', '/item/',
 * '/interact_api/', ...) and is not a page of the app (shared/pages.ts: '/premium', '/s/{key}').
 */

const modules = import.meta.glob<Record<string, unknown>>('../shared/api/*.ts', { eager: true });

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Call).path === 'string' &&
  typeof (value as Call).method === 'string';

function definedCalls(): Call[] {
  const calls: Call[] = [];
  for (const exports of Object.values(modules)) {
    for (const value of Object.values(exports)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const one of Object.values(value)) if (isCall(one)) calls.push(one);
    }
  }
  return calls;
}

/** '/api/sharing/shared/:key' -> 'api' */
const firstSegment = (path: string) => path.split('/')[1] ?? '';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Stands for a template literal's `${...}` while its text is checked. */
const HOLE = '\u0000';

/**
 * Every string and template literal of a source file, a template's `${...}` as HOLE, with the
 * string literals each hole's expression holds (what it may stand for).
 */
function literalsOf(file: string, text: string): { text: string; holes: string[][] }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: { text: string; holes: string[][] }[] = [];
  const stringsIn = (node: ts.Node): string[] => {
    const out: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push(n.text);
      ts.forEachChild(n, visit);
    };
    visit(node);
    return out;
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, holes: [] });
    } else if (ts.isTemplateExpression(node)) {
      found.push({
        text: node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join(''),
        holes: node.templateSpans.map((span) => stringsIn(span.expression)),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The paths a literal may be: each hole filled with a string it holds, or a plain segment. */
function pathsOf({ text, holes }: { text: string; holes: string[][] }): string[] {
  let paths = [''];
  const parts = text.split(HOLE);
  parts.forEach((part, i) => {
    paths = paths.map((p) => p + part);
    if (i < holes.length) paths = paths.flatMap((p) => [...holes[i]!, 'x'].map((fill) => p + fill));
  });
  // route patterns (':key', '*', '{code}') name a segment too; the query and hash are not the path
  return paths.map((p) => p.replace(/[?#].*$/, '').replace(/:\w+|\*|\{\w+\}/g, 'x'));
}

/** Literals opening with '/<segment>' then '/', '?', a hole or their end, that are no page of the app. */
function offendersIn(file: string, text: string, segments: string[]): string[] {
  const opening = new RegExp(`^/(${segments.map(escapeRegExp).join('|')})([/?#${HOLE}]|$)`);
  return literalsOf(file, text)
    .filter((literal) => opening.test(literal.text))
    .filter((literal) => !pathsOf(literal).some(isPageRoute))
    .map((literal) => literal.text.replaceAll(HOLE, '{…}'));
}

describe('the web client', () => {
  it('finds the call definitions it scans for', () => {
    const segments = new Set(definedCalls().map((c) => firstSegment(c.path)));
    expect(segments.has('api')).toBe(true);
    expect(segments.size).toBeGreaterThan(3);
  });

  it('scans literals as they are written', () => {
    const found = offendersIn(
      'x.tsx',
      `a('/api/items/x'); b(\`/item/\${id}\`); c('/items'); d('/api'); // GET /api/x
      const e = <p>Don't {'/s/abcdefghijklmnopqrstuv'}</p>; f(\`/s/\${key}/file\`); g(\`/s/\${key}\`);
      h(\`/premium/\${premium ? 'upgrade' : 'pay'}?p=\${plan}\`);`,
      ['api', 'item', 's', 'premium'],
    );
    expect(found).toEqual(['/api/items/x', '/item/{…}', '/api', '/s/{…}/file']);
  });

  it('writes no path of a call outside src/shared/api', () => {
    const segments = [...new Set(definedCalls().map((c) => firstSegment(c.path)))].filter(Boolean);
    const offenders = sourceFiles(webRoot).flatMap((file) =>
      offendersIn(file, readFileSync(file, 'utf8'), segments).map(
        (literal) => `${relative(webRoot, file)}: ${literal}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
