/**
 * The entry `npm start`, `npm run dev` and the container run: the production server (server/main.ts, which imports no
 * seed code) with the start-up seed step. The seed is idempotent: the admin, the products, the terms and the demo
 * events where missing, the sample-data apps with SEED_DEMO_DATA. Instances starting together on one PostgreSQL seed
 * one after another (the second finds the rows there).
 */
import { startServer } from '@server/main';
import { describeLogins } from './accounts';
import { demoEventPagePath } from './events';
import { seedDatabase } from './seed';

await startServer(async (app, config) => {
  const logins = await app.services.store.alone('cuepoint:seed', () => seedDatabase(app.services.db, config, { demoData: config.seedDemoData }));
  return { loginLines: describeLogins(logins), demoEventPagePath: () => demoEventPagePath(app.services.db) };
});
