import type { RestModule } from '@server/rest/kit';
import { backupFileName, databaseBackup } from './database';

export const systemRest: RestModule = (app, { caller, services }) => {
  app.get('/api/config/public', async (request) => (await caller(request)).system.publicConfig());

  /** Admins: a consistent copy of the database as a download (`application/vnd.sqlite3`, a dated file name). */
  app.get('/api/admin/database-backup', async (request, reply) => {
    await (await caller(request)).system.database();
    const { stream, sizeBytes } = await databaseBackup(services.store, services.config.dataDir);
    return reply
      .type('application/vnd.sqlite3')
      .header('content-length', sizeBytes)
      .header('content-disposition', `attachment; filename="${backupFileName()}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
};
