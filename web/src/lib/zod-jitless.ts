import type { $ZodConfig } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` unless told not to, and its probe for that (made when the first
 * object schema is built) already counts as a violation of the pages' Content-Security-Policy, which has no
 * 'unsafe-eval'. zod takes a config object found on `globalThis.__zod_globalConfig` before it loads as its own (what
 * `z.config()` writes), so the first screen sets `jitless` there without loading zod itself. Imported first by the
 * app's providers, before any chunk with a schema runs.
 */
const zodGlobals = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
(zodGlobals.__zod_globalConfig ??= {}).jitless = true;
