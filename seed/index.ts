import { join } from 'node:path';
import { openDatabase } from '@db/client';
import { loadConfig } from '@server/config';
import { describeLogins } from './accounts';
import { seedDatabase } from './seed';

const config = loadConfig();
const resetDemo = process.argv.includes('--reset-demo');
const handle = openDatabase(join(config.dataDir, 'cuepoint.db'));
const logins = await seedDatabase(handle.db, config, { demoData: config.seedDemoData, resetDemo });
await handle.close();
process.stdout.write(`Seeded ${config.dataDir}${resetDemo ? ' (sample-data apps reset)' : ''}. Logins:\n`);
process.stdout.write(`${describeLogins(logins).join('\n')}\n`);
