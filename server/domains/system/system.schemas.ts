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

export const systemMessages = {
  /**
   * `system.database` and `/api/admin/database-backup` on PostgreSQL: both read the SQLite file (the download calls
   * `system.database` first, for its admin check, so one message covers both).
   */
  postgresDatabase: 'This server keeps its data in PostgreSQL: the database details and the backup download are for SQLite. Backups of a PostgreSQL database are made with pg_dump.',
} as const;
