import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface TestPublisher {
  child: ChildProcess;
  /** Resolves with the exit code once ffmpeg has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
  stderr(): string;
}

const running = new Set<TestPublisher>();

/**
 * Pushes a test stream to rtmp://127.0.0.1:{port}/live/{key} with Debian's ffmpeg: testsrc2 + sine, H.264 baseline
 * + AAC, 320×180, 2 s keyframes, in real time. `seconds` stops it on its own after that long.
 */
export function publishTestStream(port: number, key: string, options: { seconds?: number; videoCodec?: string } = {}): TestPublisher {
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine'];
  if (options.seconds) args.push('-t', String(options.seconds));
  args.push('-c:v', options.videoCodec ?? 'libx264');
  if (!options.videoCodec) args.push('-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline');
  args.push('-g', '50', '-c:a', 'aac', '-f', 'flv', `rtmp://127.0.0.1:${port}/live/${key}`);
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const publisher: TestPublisher = {
    child,
    exited,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      running.delete(publisher);
    },
  };
  running.add(publisher);
  void exited.then(() => running.delete(publisher));
  return publisher;
}

/** Stops every test publisher still running (afterEach). */
export async function stopAllPublishers(): Promise<void> {
  await Promise.all([...running].map((publisher) => publisher.stop()));
}

export async function waitFor<T>(what: string, check: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 10_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The first segment named in a live session's playlist on disk (once ffmpeg wrote one). */
export function firstSegmentOnDisk(dataDir: string, sessionId: string): string | null {
  const playlist = join(dataDir, 'live', sessionId, 'index.m3u8');
  if (!existsSync(playlist)) return null;
  return readFileSync(playlist, 'utf8').split('\n').find((line) => line.trim() && !line.startsWith('#'))?.trim() ?? null;
}

/** Starts the app's RTMP listener (RTMP_PORT=0) and answers its port. */
export async function startIngest(app: FastifyInstance): Promise<number> {
  const started = await app.services.live.start();
  if (!started.enabled || !started.port) throw new Error(`live ingest did not start: ${started.reason}`);
  return started.port;
}

/** The test publishers still running, oldest first. */
export function runningPublishers(): TestPublisher[] {
  return [...running];
}
