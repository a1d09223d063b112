/**
 * The production server: reads the config, builds the app, listens, starts RTMP ingest, prints the start-up banner and
 * shuts down on SIGTERM/SIGINT. It imports no seed code (no faker in the server's module graph): the entry that `npm
 * start` and the container run, seed/start.ts, hands it the start-up seed step, which runs after the app is built
 * (migrations applied) and before it listens, and answers the banner's logins and demo event page.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';

/** What the start-up seed step tells the banner. */
export interface StartUpSeeded {
  /** The "Sign in with:" lines, one per seeded login (never a password). */
  loginLines: string[];
  /** The public page of a demo creator's events, or null when there is none; asked once the server listens. */
  demoEventPagePath(): Promise<string | null>;
}

/** Seeds the database the app was built on (migrations applied) before it listens. */
export type StartUpSeed = (app: FastifyInstance, config: AppConfig) => Promise<StartUpSeeded>;

function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

export async function startServer(seed: StartUpSeed): Promise<void> {
  const config = configOrExit();
  const app = await buildApp(config);
  const seeded = await seed(app, config);

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
    ...seeded.loginLines,
    ...[await seeded.demoEventPagePath()].filter(Boolean).map((path) => `\n  Watch a live event: ${url}${path}`),
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
}
