import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, useEngine } from './engine';

/**
 * A private Redis for one test file: Debian's `redis-server` (`REDIS_SERVER` to use another binary) on a free
 * loopback port, its working dir under a temp dir, nothing saved (`--save ''`, `--appendonly no`), no system service
 * assumed. `stop()` and `start()` take it away and bring it back on the same port (an outage); `close()` ends it.
 */
export interface RedisServer {
  port: number;
  url: string;
  /** A key prefix no other test in this process uses (`cuepoint-test-<n>:`). */
  keyPrefix(): string;
  /** Stops the server (an outage); `start()` brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Answers once a PING on the port gets PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let data = '';
    const done = (value: boolean) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('PONG')) done(true);
    });
  });
}

let prefixCounter = 0;

export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-redis-'));
  const binary = process.env.REDIS_SERVER ?? 'redis-server';
  let child: ChildProcess | null = null;
  let port = 0;
  let output = '';

  const launch = async (onPort: number): Promise<boolean> => {
    output = '';
    const started = spawn(binary, ['--port', String(onPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    started.once('exit', () => (exited = true));
    started.once('error', (error) => {
      exited = true;
      output += String(error);
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !exited) {
      if (await answersPing(onPort)) {
        child = started;
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    started.kill('SIGKILL');
    return false;
  };

  // A port found free can be taken before the server binds it; try another then.
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    await launch(port);
  }
  if (!child) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`redis-server did not start (apt-get install redis-server, or set REDIS_SERVER):\n${output.slice(-2000)}`);
  }

  const kill = () => (child as ChildProcess | null)?.kill('SIGKILL');
  process.once('exit', kill);

  const stop = async () => {
    const running = child as ChildProcess | null;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    keyPrefix: () => `cuepoint-test-${process.pid}-${++prefixCounter}:`,
    stop,
    async start() {
      if (child) return;
      // The old process' port may linger a moment after it died.
      for (let attempt = 0; attempt < 20; attempt++) {
        if (await launch(port)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`redis-server did not start again on port ${port}:\n${output.slice(-2000)}`);
    },
    async close() {
      await stop();
      process.removeListener('exit', kill);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One Redis for the calling test file: started before its tests, closed after them. Read `.current` inside hooks and tests. */
export function useRedis(): { readonly current: RedisServer } {
  return useEngine('Redis', startRedis, (server) => server.close(), 30_000);
}
