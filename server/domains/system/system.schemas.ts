import { z } from 'zod';

export const publicConfigOutput = z.object({
  /** Google Identity Services client id, or null when Google sign-in is not configured. */
  googleClientId: z.string().nullable(),
  appleEnabled: z.boolean(),
  botCheck: z.object({ provider: z.enum(['pow', 'recaptcha', 'off']), siteKey: z.string().optional() }),
});
export type PublicConfig = z.infer<typeof publicConfigOutput>;

/** `/migrate-db`: the database engine, its schema version and the migrations (admins only). */
export const databaseInfoOutput = z.object({
  engine: z.string(),
  journalMode: z.string(),
  sizeBytes: z.number().int().min(0),
  /** The newest migration applied. */
  schemaVersion: z.string().nullable(),
  migrations: z.array(z.object({ tag: z.string(), createdAt: z.string(), applied: z.boolean() })),
  /** Migrations run at start, so this is empty on a running server. */
  pending: z.array(z.string()),
});
export type DatabaseInfo = z.infer<typeof databaseInfoOutput>;
