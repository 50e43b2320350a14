import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { saveBookmark, saveNote } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';

// The document read as an outside client reads it: checked by an independent OpenAPI validator, and
// each GET answered by the app checked against what the document says of it.

interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description?: string;
  style?: string;
  schema: { type?: string; properties?: Record<string, unknown> };
}
interface Operation {
  parameters: Parameter[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

/** GETs that cannot be called plainly: a socket upgrade. */
const NOT_PLAIN = ['/websocket'];

let t: TestApp;
let alice: TestClient;
let doc: { paths: Record<string, { get?: Operation }> };
/** values for the parameters of the calls that need one: alice's own things */
let samples: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  const bookmark = await saveBookmark(alice, { tags: 'reading' });
  await addHighlight(alice, bookmark.link_id, { note: 'a sticky note' });
  await saveNote(alice, { title: 'A note', tags: ['reading'] });
  const id = String(bookmark.link_id);
  samples = {
    link_id: id,
    links_id: id,
    links: id,
    linkId: id,
    username: alice.name ?? '',
    name: alice.name ?? '',
  };
  doc = (await t.visitor().get('/api/docs')).json();
});
afterAll(() => t.close());

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

function errorsOf(schema: object, value: unknown): string {
  const check = ajv.compile(schema);
  return check(value) ? '' : ajv.errorsText(check.errors, { separator: '\n' });
}

/** Required of a visitor only: OpenAPI has no word for it, the parameter's description has. */
const requiredOfVisitors = (p: Parameter) => p.description?.startsWith('Required without a session') ?? false;

/** The input of a call from its required parameters only, or undefined when one has no sample. */
function requiredInput(
  operation: Operation,
  visitor: boolean,
): { path: (p: string) => string; query: Record<string, string> } | undefined {
  const query: Record<string, string> = {};
  const params: Record<string, string> = {};
  for (const parameter of operation.parameters.filter(
    (p) => p.required || (visitor && requiredOfVisitors(p)),
  )) {
    // a form-style object stands for several query fields, one of which must be sent
    const name =
      parameter.style === 'form'
        ? Object.keys(parameter.schema.properties ?? {}).find((field) => field in samples)
        : parameter.name;
    if (name === undefined || samples[name] === undefined) return undefined;
    (parameter.in === 'path' ? params : query)[name] = samples[name];
  }
  return {
    path: (p) => p.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '')),
    query,
  };
}

function gets() {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    ops.get && !NOT_PLAIN.includes(path) ? [{ path, operation: ops.get }] : [],
  );
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document for an independent validator', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  for (const who of ['a signed-in user', 'a visitor'] as const) {
    it(`tells ${who} truly what each GET answers, given only its required parameters`, async () => {
      const client = who === 'a visitor' ? t.visitor() : alice;
      const problems: string[] = [];
      let called = 0;
      for (const { path, operation } of gets()) {
        const input = requiredInput(operation, who === 'a visitor');
        if (!input) continue;
        called += 1;
        const res = await client.get(input.path(path), input.query);
        const label = `GET ${path} ${res.statusCode}`;
        // a call given every parameter the document requires never answers "bad input"
        if (res.statusCode === 400)
          problems.push(`${label}: refused though every required parameter was sent: ${res.body}`);
        const documented = operation.responses[res.statusCode === 200 ? '200' : 'default'] ?? {};
        const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
        if (res.statusCode !== 200 && type !== 'application/json') continue; // pages saying "not found"
        const media = Object.keys(documented.content ?? {});
        const matching = media.find(
          (m) => m === type || (m.endsWith('/*') && type.startsWith(m.slice(0, -1))),
        );
        if (!matching) {
          problems.push(
            `${label}: answers ${type || 'nothing'}, documented ${media.join(', ') || 'nothing'}`,
          );
          continue;
        }
        const schema = documented.content?.[matching]?.schema;
        if (type === 'application/json' && schema) {
          const errors = errorsOf(schema, res.json());
          if (errors) problems.push(`${label}: the reply breaks its documented schema:\n${errors}`);
        }
      }
      expect(called).toBeGreaterThan(30);
      expect(problems).toEqual([]);
    });
  }
});
