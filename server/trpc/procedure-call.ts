import { getTRPCErrorFromUnknown, TRPCError, type AnyTRPCProcedure, type ProcedureType } from '@trpc/server';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { checkedOnce } from '@server/platform/kept-answers';

/**
 * Calls one procedure the way tRPC 11's router caller does (`createCallerFactory` → `procedure(opts)` →
 * `callRecursive` over the procedure's middlewares, last of which is its resolver), without tRPC's bundled spread
 * helper, which defines each property one by one, twice per middleware step: that was most of a tRPC call's cost in
 * the profile. Same options handed to each middleware, same context merge, same result and
 * error handling; tests/integration/trpc-fast-path.test.ts holds it to the stock adapter's answers.
 */
export interface ProcedureCall {
  path: string;
  type: ProcedureType;
  ctx: unknown;
  input: unknown;
  signal?: AbortSignal | undefined;
}

interface MiddlewareResult {
  marker: typeof middlewareMarker;
  ok: boolean;
  data?: unknown;
  error?: TRPCError;
  ctx?: unknown;
}

interface NextOptions {
  ctx?: Record<string, unknown>;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

interface MiddlewareOptions {
  ctx: unknown;
  type: ProcedureType;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  signal: AbortSignal | undefined;
  batchIndex: number;
}

type Middleware = (options: MiddlewareOptions & { meta: unknown; next: (next?: NextOptions) => Promise<MiddlewareResult> }) => Promise<MiddlewareResult>;

interface ProcedureDefinition {
  middlewares: Array<Middleware & { _type?: string }>;
  meta: unknown;
  caller?: unknown;
  /** The `.output()` parser (a zod schema here). */
  output?: { parse?: (value: unknown) => unknown };
}

export async function callProcedure(procedure: AnyTRPCProcedure, call: ProcedureCall): Promise<unknown> {
  const definition = procedure._def as unknown as ProcedureDefinition;
  // A procedure with its own caller (tRPC's experimental_caller) is called the stock way.
  if (definition.caller) return (procedure as unknown as (options: object) => Promise<unknown>)(stockOptions(call));
  const { input } = call;
  const result = await runMiddleware(definition, 0, {
    ctx: call.ctx,
    type: call.type,
    path: call.path,
    input: undefined,
    getRawInput: async () => input,
    signal: call.signal,
    batchIndex: 0,
  });
  if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares - did you forget to `return next()`?' });
  if (!result.ok) throw result.error;
  return result.data;
}

async function runMiddleware(definition: ProcedureDefinition, index: number, options: MiddlewareOptions): Promise<MiddlewareResult> {
  const middleware = definition.middlewares[index]!;
  const parseOutput = definition.output?.parse;
  if (middleware._type === 'output' && parseOutput) return validateOutput(definition, index, options, parseOutput.bind(definition.output));
  try {
    // Spelled out: on Node 20 `{ ...options, meta, next }` takes V8's slow path (about 1 µs each).
    return await middleware({
      ctx: options.ctx,
      type: options.type,
      path: options.path,
      input: options.input,
      getRawInput: options.getRawInput,
      signal: options.signal,
      batchIndex: options.batchIndex,
      meta: definition.meta,
      next: (next) =>
        runMiddleware(definition, index + 1, {
          ctx: next?.ctx ? mergedContext(options.ctx as Record<string, unknown>, next.ctx) : options.ctx,
          type: options.type,
          path: options.path,
          input: next && 'input' in next ? next.input : options.input,
          getRawInput: next?.getRawInput ?? options.getRawInput,
          signal: options.signal,
          batchIndex: options.batchIndex,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker };
  }
}

/**
 * The context a middleware's `next({ ctx })` hands on: tRPC's merge (`{ ...ctx, ...next.ctx }`), or the same context
 * when every value it names is already there (the procedure bases' admission hands back the context's own actor):
 * the same properties either way, without a copy of the context per call.
 */
function mergedContext(ctx: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  for (const key in changes) {
    if (!Object.hasOwn(ctx, key) || ctx[key] !== changes[key]) return { ...ctx, ...changes };
  }
  return ctx;
}

/**
 * tRPC's output middleware (`createOutputMiddleware`) with zod's synchronous parse: tRPC picks `parseAsync` for zod
 * schemas, several times slower, and our output schemas have no async refinements. Same result and error.
 */
async function validateOutput(
  definition: ProcedureDefinition,
  index: number,
  options: MiddlewareOptions,
  parse: (value: unknown) => unknown,
): Promise<MiddlewareResult> {
  const result = await runMiddleware(definition, index + 1, options);
  if (!result.ok) return result;
  try {
    return { marker: result.marker, ok: true, data: checkedOnce(result.data, parse), ctx: result.ctx };
  } catch (cause) {
    return { ok: false, error: new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause }), marker: middlewareMarker };
  }
}

function stockOptions(call: ProcedureCall) {
  const { input } = call;
  return { path: call.path, getRawInput: async () => input, ctx: call.ctx, type: call.type, signal: call.signal, batchIndex: 0 };
}
