import type { Db } from '@db/client';
import type { AppConfig } from '@server/config';
import { createStorage } from '@server/platform/storage';
import { seedCoreData, type SeededLogin } from './accounts';
import { seedDemoApps } from './demo';
import { seedTerms } from './terms';
import { seedEvents } from './events';
import { seedPodcasts } from './podcasts';
import { seedChatHistory } from './chat';
import { seedAnalytics } from './analytics';

export interface SeedOptions {
  /** Seed the sample-data apps (only where they are empty). */
  demoData: boolean;
  /** Replace the sample-data apps' data with a fresh copy. */
  resetDemo?: boolean;
  /** Publish the default terms document when there is none (default true). */
  terms?: boolean;
}

export async function seedDatabase(db: Db, config: AppConfig, options: SeedOptions): Promise<SeededLogin[]> {
  const logins = await seedCoreData(db, config);
  // The seeded files (terms PDF, podcast media) go where the app serves media from: DATA_DIR or the bucket.
  const storage = createStorage(config.storage, config.dataDir);
  try {
    if (options.terms !== false) await seedTerms(db, storage);
    await seedEvents(db);
    if (options.demoData || options.resetDemo) await seedDemoApps(db, { reset: options.resetDemo === true });
    if (options.demoData) await seedPodcasts(db, config, storage);
    // After the events are seeded: a short chat history for each event that has none.
    if (options.demoData) await seedChatHistory(db);
    if (options.demoData) await seedAnalytics(db);
  } finally {
    storage.close();
  }
  return logins;
}
