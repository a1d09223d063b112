import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations, generated from the tables derived from db/schema (see db/schema-pg/derive.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-pg/index.ts',
  out: './db/migrations-pg',
});
