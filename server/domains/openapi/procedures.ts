import type { AnyRouter } from '@trpc/server';
import { admissionOf, type Admission, type ProcedureMeta } from '@server/trpc/init';

/** What the developer tooling reads from a procedure: its type, declared scope, whom its base admits and its zod schemas. */
export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: ProcedureMeta;
  /** Whom its signed-in base admits; undefined for `publicProcedure` (anyone). */
  admission: Admission | undefined;
  /** The `.input()` parsers in order (zod schemas here). */
  inputs: unknown[];
  /** The `.output()` parser, when declared. */
  output: unknown;
}

interface ProcedureDef {
  _def: { type: ProcedureInfo['type']; meta?: ProcedureMeta; inputs?: unknown[]; output?: unknown; middlewares?: unknown[] };
}

/** Every procedure of a router by dotted path (tRPC keeps them flattened in `_def.procedures`). */
export function listProcedures(router: AnyRouter): ProcedureInfo[] {
  const record = router._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(record).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    meta: procedure._def.meta ?? {},
    admission: admissionOf(procedure._def.middlewares ?? []),
    inputs: procedure._def.inputs ?? [],
    output: procedure._def.output,
  }));
}
