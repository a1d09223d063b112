import { buildApp } from './app';
import { loadConfig } from './config';
import { describeLogins } from '../seed/accounts';
import { seedDatabase } from '../seed/seed';
import { demoEventPagePath } from '../seed/events';

function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

const config = configOrExit();
const app = await buildApp(config);
// Instances starting together on one PostgreSQL seed one after another (the second finds the rows there).
const logins = await app.services.store.alone('cuepoint:seed', () => seedDatabase(app.services.db, config, { demoData: config.seedDemoData }));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
// RTMP ingest (off with LIVE_INGEST=off, or without ffmpeg: the banner says why and the app runs on).
await app.services.live.start();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = config.publicUrl ?? `http://localhost:${port}`;
const lines = [
  '',
  `  Cuepoint is running at ${url}`,
  '',
  '  Sign in with:',
  ...describeLogins(logins),
  ...[await demoEventPagePath(app.services.db)].filter(Boolean).map((path) => `\n  Watch a live event: ${url}${path}`),
  '',
  app.services.live.bannerLine(),
  '',
  ...(config.publicUrl
    ? []
    : [
        `  PUBLIC_URL is not set: links in mails, podcast feeds, calendars and the app's QR codes use ${url}.`,
        '  Set PUBLIC_URL to the address people reach this server at (e.g. https://live.example.com).',
        '',
      ]),
];
process.stdout.write(`${lines.join('\n')}\n`);
