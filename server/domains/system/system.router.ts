import { tracked } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '@server/trpc/init';
import { databaseInfoOutput, publicConfigOutput } from './system.schemas';
import { databaseInfo } from './database';
import { publicConfig } from './system.service';

export const systemRouter = router({
  health: publicProcedure.meta({ scope: 'public' }).output(z.object({ status: z.literal('ok') })).query(() => ({ status: 'ok' as const })),

  /** What the sign-in pages need to know about configured providers (no secrets). */
  publicConfig: publicProcedure.meta({ scope: 'public' }).output(publicConfigOutput).query(({ ctx }) => publicConfig(ctx.services)),

  /** Admins: the database engine, schema version and migrations (`/migrate-db`); the backup is `GET /api/admin/database-backup`. */
  database: adminProcedure.output(databaseInfoOutput).query(({ ctx }) => databaseInfo(ctx.services.store)),

  /** A heartbeat stream: lets clients (and tests) prove the websocket link works end to end, resuming from lastEventId. */
  ticks: publicProcedure.meta({ scope: 'public' })
    .input(z.strictObject({ count: z.number().int().min(1).max(100).default(3), intervalMs: z.number().int().min(10).max(10_000).default(1000), lastEventId: z.string().nullish() }))
    .subscription(async function* ({ input, signal }) {
      let sequence = input.lastEventId ? Number(input.lastEventId) + 1 : 1;
      const last = sequence + input.count - 1;
      for (; sequence <= last; sequence += 1) {
        if (signal?.aborted) return;
        yield tracked(String(sequence), { sequence, at: new Date().toISOString() });
        if (sequence < last) await new Promise((resolve) => setTimeout(resolve, input.intervalMs));
      }
    }),
});
