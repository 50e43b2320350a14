import type { FastifySchema } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** A route as the app registered it: the OpenAPI document is built from these declarations. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

/** Shapes as JSON Schema: inputs as they may be sent (flags, id lists), replies as they are sent. */
function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema as z.ZodType, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parameters(schema: unknown, where: 'query' | 'path') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
    anyOf?: unknown[];
  };
  // fields one of which must be sent (GET /cached: url or link_id): OpenAPI says so only of one
  // query object sent field by field (style form, explode), not of separate parameters
  if (where === 'query' && json.anyOf) {
    const name = Object.keys(json.properties ?? {}).join('_or_');
    return [{ name, in: where, required: true, style: 'form', explode: true, schema: json }];
  }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required?.includes(name) ?? false),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function requestBody(schema: FastifySchema) {
  const [type, body] = schema.multipart
    ? ['multipart/form-data', schema.multipart]
    : ['application/json', schema.body];
  return body
    ? { requestBody: { required: true, content: { [type]: { schema: jsonSchema(body, 'input') } } } }
    : {};
}

function success(schema: FastifySchema) {
  if (schema.produces) return { description: 'Success', content: { [schema.produces]: {} } };
  const reply = (schema.response as Record<number, unknown> | undefined)?.[200];
  return {
    description: 'Success',
    ...(reply ? { content: { 'application/json': { schema: jsonSchema(reply, 'output') } } } : {}),
  };
}

const errorReply = {
  description:
    'Bad input (400, naming the field), not signed in (401), plan limit (402), refused (403), not found (404), ' +
    'throttled (429)',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { code: { type: 'integer' }, message: { type: 'string' }, field: { type: 'string' } },
      },
    },
  },
};

/** The routes' own paths (`:id`) as OpenAPI paths (`{id}`). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/**
 * Who may make a call: a visitor calls may be made by anyone (a session or a token may see more),
 * a session call needs one of the browser session or a personal token of at least its scope;
 * scope 'none' keeps it to the session.
 */
function security(schema: FastifySchema) {
  const token = schema.scope && schema.scope !== 'none' ? [{ bearer: [schema.scope] }] : [];
  return { security: [...(schema.public ? [{}] : []), { session: [] }, ...token] };
}

/** An OpenAPI 3.1 document of every route that declares a summary (static files do not). */
export function buildOpenApi(routes: DeclaredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, url, schema } of routes) {
    if (!schema?.summary) continue;
    const path = openApiPath(url);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      summary: schema.summary,
      'x-folio-scope': schema.scope ?? 'none',
      ...security(schema),
      parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query')],
      ...requestBody(schema),
      responses: { 200: success(schema), default: errorReply },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Folio',
      version: '1',
      description:
        'Unsafe methods need a same-origin Origin header (or X-Folio-Csrf from non-browser clients). ' +
        "Errors answer {code, message, field?}. Form values may be strings; '' stands for an absent value. " +
        'Scripts send a personal access token (Settings > Developer) as Authorization: Bearer <token>, ' +
        'with no Origin or X-Folio-Csrf needed; x-folio-scope names the least token scope a call takes ' +
        "(read, write, or none: a browser session's alone). A read token may not change anything (403).",
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'folio_session' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "A personal access token (folio_pat_...); the requirement's role is its least scope",
        },
      },
    },
    paths,
  };
}
