import { join } from 'node:path';
import { openDatabase } from '@db/client';
import { loadConfig } from '@server/config';
import { seedDatabase } from './seed';

const config = loadConfig();
const resetDemo = process.argv.includes('--reset-demo');
const handle = openDatabase(join(config.dataDir, 'cuepoint.db'));
const logins = await seedDatabase(handle.db, config, { demoData: config.seedDemoData, resetDemo });
handle.close();
process.stdout.write(`Seeded ${config.dataDir}${resetDemo ? ' (sample-data apps reset)' : ''}. Logins:\n`);
for (const login of logins) process.stdout.write(`  ${login.label.padEnd(22)} ${login.email.padEnd(32)} ${login.password}\n`);
