import { z } from 'zod';
import type { Operation } from './catalogue.ts';

type JsonSchema = Record<string, unknown>;

/** Input shapes as JSON Schema; transforms (flags, id lists) are documented by their accepted input. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function queryParameters(schema: z.ZodType) {
  const json = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const errorReply = {
  description:
    'Bad input (400), not signed in (401), plan limit (402), refused (403), not found (404), throttled (429)',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { code: { type: 'integer' }, message: { type: 'string' }, field: { type: 'string' } },
      },
    },
  },
};

/** An OpenAPI 3.1 document built from the catalogue of calls and their shared zod schemas. */
export function buildOpenApi(operations: Record<string, Operation>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, op] of Object.entries(operations)) {
    const [method, path] = key.split(' ') as [string, string];
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      summary: op.summary,
      ...(op.public ? {} : { security: [{ session: [] }] }),
      ...(op.query ? { parameters: queryParameters(op.query) } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: {
                [op.multipart ? 'multipart/form-data' : 'application/json']: { schema: jsonSchema(op.body) },
              },
            },
          }
        : {}),
      responses: { 200: { description: 'Success' }, default: errorReply },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Folio',
      version: '1',
      description:
        'Unsafe methods need a same-origin Origin header (or X-Folio-Csrf from non-browser clients). ' +
        'Errors answer {code, message, field?}.',
    },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'folio_session' } } },
    paths,
  };
}
