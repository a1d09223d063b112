import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3Tone } from '@server/lib/mp3-tone';

const megabyte = 1024 * 1024;
const serverScript = fileURLToPath(new URL('../helpers/upload-memory-server.ts', import.meta.url));

/** Resident memory of a process, from /proc (Linux). */
function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

interface Running {
  child: ChildProcess;
  port: number;
  token: string;
  titleId: string;
}

/** Streams a multipart body of `totalBytes` of MP3 frames to the server, never holding more than one chunk. */
function streamUpload(server: Running, totalBytes: number): Promise<{ status: number; body: string }> {
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

describe('a 100 MB upload', () => {
  let server: Running;

  beforeAll(async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    server = { child, ...(JSON.parse(line) as Omit<Running, 'child'>) };
  }, 60_000);

  afterAll(() => {
    server?.child.kill('SIGTERM');
  });

  it('streams to disk: the server process grows by less than 50 MB', async () => {
    const pid = server.child.pid!;
    // Warm up (first request compiles code paths) with a small upload, then take the baseline.
    expect((await streamUpload(server, megabyte)).status).toBe(201);
    const baseline = residentBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
    const answer = await streamUpload(server, 100 * megabyte);
    clearInterval(sampler);
    peak = Math.max(peak, residentBytes(pid));
    expect(answer.status, answer.body).toBe(201);
    const episode = JSON.parse(answer.body) as { sizeBytes: number; duration: number };
    expect(episode.sizeBytes).toBeGreaterThan(99 * megabyte);
    // 32 kbit/s: 100 MB of frames is about 7.3 hours.
    expect(episode.duration).toBeGreaterThan(7 * 3600);
    const growth = peak - baseline;
    expect(growth, `grew ${(growth / megabyte).toFixed(1)} MB`).toBeLessThan(50 * megabyte);
  }, 120_000);
});
