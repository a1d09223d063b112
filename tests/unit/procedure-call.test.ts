import { initTRPC, TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callProcedure } from '@server/trpc/procedure-call';

/**
 * server/trpc/procedure-call.ts calls procedures in place of tRPC's caller (REST shims and the HTTP fast path):
 * every case here is called both ways and must come out the same.
 */
interface Ctx {
  user: string | null;
  seen: string[];
}
const t = initTRPC.context<Ctx>().meta<{ scope?: string }>().create();

const signedIn = t.procedure.use(({ ctx, meta, next }) => {
  ctx.seen.push(`guard:${meta?.scope ?? 'none'}`);
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first' });
  return next({ ctx: { user: ctx.user, role: 'creator' as const } });
});

const testRouter = t.router({
  whoami: signedIn.meta({ scope: 'events:read' }).query(({ ctx }) => ({ user: ctx.user, role: ctx.role })),
  echo: t.procedure.input(z.object({ name: z.string().min(2), count: z.number().int().default(1) })).mutation(({ input }) => input),
  inputOverride: t.procedure
    .use(({ next }) => next({ input: { tag: 'from middleware', name: 'overridden by the caller' } }))
    .input(z.object({ name: z.string() }))
    .query(({ input }) => input),
  rawInput: t.procedure.use(async ({ getRawInput, next }) => next({ ctx: { raw: await getRawInput() } })).query(({ ctx }) => ctx.raw),
  badOutput: t.procedure.output(z.object({ id: z.string() })).query(() => ({ id: 42 }) as unknown as { id: string }),
  goodOutput: t.procedure.output(z.object({ id: z.string() })).query(() => ({ id: 'a', extra: true }) as { id: string }),
  throws: t.procedure.query(() => {
    throw new Error('boom');
  }),
  forgetsNext: t.procedure.use((() => undefined) as never).query(() => 'unreachable'),
  afterNext: t.procedure
    .use(async ({ next }) => {
      const result = await next();
      return result.ok ? { ...result, data: `${String(result.data)}!` } : result;
    })
    .query(() => 'wrapped'),
});

const stockCaller = t.createCallerFactory(testRouter);
const procedures = testRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;

type Outcome = { ok: true; data: unknown; seen: string[] } | { ok: false; code: string; message: string; causeName?: string; seen: string[] };

async function outcome(call: (ctx: Ctx) => Promise<unknown>, user: string | null): Promise<Outcome> {
  const ctx: Ctx = { user, seen: [] };
  try {
    return { ok: true, data: await call(ctx), seen: ctx.seen };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { ok: false, code: error.code, message: error.message, causeName: error.cause?.name, seen: ctx.seen };
  }
}

async function bothWays(path: string, input: unknown, user: string | null = 'mara'): Promise<Outcome> {
  const procedure = procedures[path]!;
  const ours = await outcome((ctx) => callProcedure(procedure, { path, type: procedure._def.type, ctx, input }), user);
  const stock = await outcome((ctx) => (stockCaller(ctx) as unknown as Record<string, (input: unknown) => Promise<unknown>>)[path]!(input), user);
  expect(ours).toEqual(stock);
  return ours;
}

describe('callProcedure, against tRPC’s own caller', () => {
  it('runs middlewares with meta, merges the context they pass on', async () => {
    expect(await bothWays('whoami', undefined)).toEqual({ ok: true, data: { user: 'mara', role: 'creator' }, seen: ['guard:events:read'] });
    expect(await bothWays('whoami', undefined, null)).toMatchObject({ ok: false, code: 'UNAUTHORIZED', message: 'Sign in first' });
  });

  it('parses input (defaults applied, failures as BAD_REQUEST) and merges what a middleware passes on', async () => {
    expect(await bothWays('echo', { name: 'Ada' })).toMatchObject({ ok: true, data: { name: 'Ada', count: 1 } });
    expect(await bothWays('echo', { name: 'A' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await bothWays('echo', undefined)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await bothWays('inputOverride', { name: 'from the caller' })).toMatchObject({ ok: true, data: { tag: 'from middleware', name: 'from the caller' } });
    expect(await bothWays('rawInput', { any: ['thing'] })).toMatchObject({ ok: true, data: { any: ['thing'] } });
  });

  it('validates output the same way (stripped on success, INTERNAL_SERVER_ERROR on failure)', async () => {
    expect(await bothWays('goodOutput', undefined)).toMatchObject({ ok: true, data: { id: 'a' } });
    expect(await bothWays('badOutput', undefined)).toMatchObject({ ok: false, code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
  });

  it('turns thrown errors and a middleware that forgets next() into the same errors', async () => {
    expect(await bothWays('throws', undefined)).toMatchObject({ ok: false, code: 'INTERNAL_SERVER_ERROR', message: 'boom' });
    expect(await bothWays('forgetsNext', undefined)).toMatchObject({ ok: false, code: 'INTERNAL_SERVER_ERROR' });
  });

  it('hands a middleware the result of what follows it', async () => {
    expect(await bothWays('afterNext', undefined)).toMatchObject({ ok: true, data: 'wrapped!' });
  });
});
