import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { makeMp3Tone } from '@server/lib/mp3-tone';

// The memory tests' harness: a server in a child process (upload-memory-server.ts) whose resident memory is sampled
// while a large upload streams into it.

export const megabyte = 1024 * 1024;
const serverScript = fileURLToPath(new URL('./upload-memory-server.ts', import.meta.url));

export interface UploadServer {
  child: ChildProcess;
  port: number;
  token: string;
  titleId: string;
  dataDir: string;
}

/** Resident memory of a process, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

/**
 * Starts the upload server before the file's tests (with `env()` added to its settings, read then) and stops it
 * after them; `current` is the running server.
 */
export function useUploadServer(env: () => Record<string, string> = () => ({})): { current: UploadServer } {
  const holder = {} as { current: UploadServer };
  beforeAll(async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_NO_WARNINGS: '1', CUEPOINT_TEST_ENV: JSON.stringify(env()) },
    });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    holder.current = { child, ...(JSON.parse(line) as Omit<UploadServer, 'child'>) };
  }, 60_000);
  afterAll(() => {
    holder.current?.child.kill('SIGTERM');
  });
  return holder;
}

/** Streams a multipart body of about `totalBytes` of MP3 frames to the server, never holding more than one chunk. */
export function streamUpload(server: UploadServer, totalBytes: number): Promise<{ status: number; body: string }> {
  const boundary = '----cuepointmemory';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig episode\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = makeMp3Tone({ seconds: 24 * 2.7 }); // 2700 frames of 96 bytes: 259,200 bytes
  const chunks = Math.floor(totalBytes / chunk.length);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: `/api/podcast/titles/${server.titleId}/episodes`,
      headers: {
        authorization: `Bearer ${server.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + chunks * chunk.length + tail.length,
      },
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < chunks) {
        sent += 1;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

/**
 * Uploads `totalBytes` while sampling the server's resident memory: after a small warm-up upload (the first request
 * compiles code paths and opens connections), the growth is the peak over the baseline taken then.
 */
export async function measureUpload(server: UploadServer, totalBytes: number): Promise<{ answer: { status: number; body: string }; growthBytes: number }> {
  const pid = server.child.pid!;
  const warmUp = await streamUpload(server, megabyte);
  if (warmUp.status !== 201) throw new Error(`the warm-up upload answered ${warmUp.status}: ${warmUp.body}`);
  const baseline = residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
  try {
    const answer = await streamUpload(server, totalBytes);
    peak = Math.max(peak, residentBytes(pid));
    return { answer, growthBytes: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}
