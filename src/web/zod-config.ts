/*
 * Zod compiles object parsers with `new Function` unless told not to, and probing for it is itself a
 * CSP `unsafe-eval` violation on every page. Jitless must be set before any schema is built (zod reads
 * it when an object schema is constructed), so main.tsx imports this module first. It sets zod's
 * global configuration (kept on globalThis as `__zod_globalConfig`, what `z.config` writes) without
 * importing zod, so the first load carries no zod: schemas come with the chunks that use them.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
