import type { Db } from '@db/client';

/** One seeder per sample-data app: writes that app's collections from deterministic generated data. */
export interface DemoSeeder {
  app: string;
  seed(db: Db): Promise<void>;
}
