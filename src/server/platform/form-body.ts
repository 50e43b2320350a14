import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.ts';

/** The body of a form post: each field once (a repeated field keeps its last value). */
export function parseFormBody(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
  return { ...fields };
}

/**
 * Lets every call take application/x-www-form-urlencoded bodies as well as JSON (the spec's calls
 * send "form fields or JSON"): the fields reach the call's schema as strings. The origin check
 * already refuses cross-site posts of any type.
 */
export function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, parseFormBody(body as string));
      } catch {
        done(new ValidationError('The form body could not be read.'), undefined);
      }
    },
  );
}
