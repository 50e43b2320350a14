import { z } from 'zod';

/*
 * Zod compiles object parsers with `new Function` unless told not to, and probing for it is itself a
 * CSP `unsafe-eval` violation on every page. Jitless must be set before any schema is built (zod reads
 * it when an object schema is constructed), so main.tsx imports this module first.
 */
z.config({ jitless: true });
