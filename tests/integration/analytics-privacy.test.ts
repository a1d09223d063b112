import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listenerWindows } from '@db/schema/analytics';
import { buildApp } from '@server/app';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { bearer, callerAs, createUser, testConfig, type TestUser } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';

/**
 * Issue 33: counting downloads stores and logs nothing that names a listener. Twenty listeners behind a trusted proxy
 * (forged X-Forwarded-For, believed) download a real episode; afterwards neither the SQLite files nor any log line
 * holds an address (in any usual spelling) or a whole User-Agent, while the downloads did count.
 *
 * Always on SQLite (the app is built on its own data dir, whatever TEST_ENGINES says): its files are what is read.
 */

const dayMs = 24 * 3600_000;
/** 120 s of 32 kbit/s audio: 480,000 bytes; one minute (the threshold) is 240,000 bytes. */
const episodeSeconds = 120;

interface Listener {
  /** What the proxy forwards as the client's address. */
  address: string;
  /** Every spelling of the address that would name the listener, the address itself included. */
  spellings: string[];
  userAgent: string;
}

function ipv4Listener(host: number, userAgent: string): Listener {
  const address = `203.0.113.${host}`;
  const integer = String(((203 << 24) >>> 0) + (0 << 16) + (113 << 8) + host);
  const hex = `cb00:71${host.toString(16).padStart(2, '0')}`;
  return { address, spellings: [address, `${host}.113.0.203`, `::ffff:${address}`, `::ffff:${hex}`, integer], userAgent };
}

/** `groups`: the eight groups of an address in 2001:db8::/32, written out. */
function ipv6Listener(groups: string[], compressed: string, userAgent: string): Listener {
  const full = groups.join(':');
  const padded = groups.map((group) => group.padStart(4, '0')).join(':');
  const prefix = groups.slice(0, 4).join(':');
  return { address: full, spellings: [full, padded, compressed, prefix, `${prefix}::/64`], userAgent };
}

const probe = (index: number) => `PrivacyProbe/${index}.0-${randomBytes(8).toString('hex')}`;
const apps = ['AntennaPod/3.4.0', 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)', 'PocketCasts/1.0 (Pocket Casts - Android)'];

const listeners: Listener[] = [
  ...Array.from({ length: 18 }, (_, index) => ipv4Listener(10 + index * 13, `${apps[index % apps.length]} ${probe(index)}`)),
  ipv6Listener(['2001', 'db8', '85a3', '1234', '5678', 'abcd', 'ef01', '2345'], '2001:db8:85a3:1234:5678:abcd:ef01:2345', `AntennaPod/3.4.0 ${probe(18)}`),
  ipv6Listener(['2001', 'db8', 'beef', '42', '0', '0', '0', '17'], '2001:db8:beef:42::17', `AntennaPod/3.4.0 ${probe(19)}`),
];

let app: FastifyInstance;
let dataDir: string;
let creator: TestUser;
let offsetMs = 0;
let closed = false;
const logLines: string[] = [];
let logBuffer = '';
let episode: { id: string; fileUrl: string; sizeBytes: number };

const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logBuffer += chunk.toString('utf8');
    const lines = logBuffer.split('\n');
    logBuffer = lines.pop() ?? '';
    logLines.push(...lines.filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-privacy-'));
  // The loopback address of app.inject is the proxy in front; it says who the client is.
  const config = testConfig(dataDir, { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' });
  app = await buildApp(config, { logStream, clock: { now: () => Date.now() + offsetMs } });
  creator = await createUser(app, { role: 'dj' });

  const title = multipart(
    { name: 'Privacy hour', description: 'Who listens', isVideo: 'false' },
    { image: { filename: 'cover.png', contentType: 'image/png', content: makePng(1400, 1400) } },
  );
  const titleResponse = await app.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...title.headers, ...bearer(creator.token) }, payload: title.payload });
  expect(titleResponse.statusCode, titleResponse.body).toBe(201);
  const body = multipart(
    { name: 'Episode one', description: 'First', publishDate: '2026-01-05T10:00:00Z' },
    { media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: makeMp3Tone({ seconds: episodeSeconds }) } },
  );
  const upload = await app.inject({ method: 'POST', url: `/api/podcast/titles/${titleResponse.json().id}/episodes`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
  expect(upload.statusCode, upload.body).toBe(201);
  episode = upload.json();
  expect(episode.sizeBytes).toBe(480_000);

  // Whole GETs; a probe, a HEAD and one long range; three consecutive ranges.
  for (const [index, listener] of listeners.entries()) {
    const get = (range?: string) =>
      app.inject({
        method: 'GET',
        url: episode.fileUrl,
        headers: { 'x-forwarded-for': listener.address, 'user-agent': listener.userAgent, ...(range && { range }) },
      });
    if (index % 3 === 0) {
      expect((await get()).statusCode).toBe(200);
    } else if (index % 3 === 1) {
      expect((await get('bytes=0-1')).statusCode).toBe(206);
      const head = await app.inject({ method: 'HEAD', url: episode.fileUrl, headers: { 'x-forwarded-for': listener.address, 'user-agent': listener.userAgent } });
      expect(head.statusCode).toBe(200);
      expect((await get('bytes=0-299999')).statusCode).toBe(206);
    } else {
      for (const range of ['bytes=0-99999', 'bytes=100000-199999', 'bytes=200000-']) expect((await get(range)).statusCode).toBe(206);
    }
  }
}, 30_000);

afterAll(async () => {
  if (!closed) await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under `dir` (the database, its -wal and -shm, uploads, keys), as one latin1 text. */
function bytesUnder(dir: string): string {
  const parts: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) parts.push(bytesUnder(path));
    else parts.push(readFileSync(path).toString('latin1'));
  }
  return parts.join('\n');
}

const downloadsToday = async () => {
  const today = Date.parse(new Date(Date.now() + offsetMs).toISOString().slice(0, 10));
  const token = await app.services.tokens.issue({ userId: creator.id, role: 'dj', typ: 'user', tokenVersion: 0 });
  const api = await callerAs(app, token);
  return api.analytics.downloads({ from: new Date(today - dayMs).toISOString(), to: new Date(today + 2 * dayMs).toISOString(), groupBy: 'app' });
};

describe('counting downloads keeps no listener’s address or User-Agent', () => {
  it('counts 20 listeners behind a trusted proxy and logs each media request by its salted key', async () => {
    await app.services.analytics.settle();
    const counted = await downloadsToday();
    expect(counted.total).toBe(20);
    expect(counted.bots).toBe(0);
    expect(counted.rows).toEqual([
      { key: 'AntennaPod', label: 'AntennaPod', downloads: 8 },
      { key: 'Overcast', label: 'Overcast', downloads: 6 },
      { key: 'Pocket Casts', label: 'Pocket Casts', downloads: 6 },
    ]);

    const media = logLines.map((line) => JSON.parse(line) as { req?: { url?: string; listener?: unknown; remoteAddress?: unknown } }).filter((line) => line.req?.url?.startsWith('/uploads/'));
    // 7 whole GETs, 7 × (probe, HEAD, range), 6 × three ranges.
    expect(media).toHaveLength(7 + 7 * 3 + 6 * 3);
    for (const line of media) {
      expect(line.req).not.toHaveProperty('remoteAddress');
      expect(line.req?.listener).toEqual(expect.stringMatching(/^[\w-]{32}$/));
    }
    expect(new Set(media.map((line) => line.req?.listener)).size).toBe(20);
  });

  it('leaves no address (in any spelling) nor User-Agent in the database files or the logs, rolled up or not', async () => {
    await app.services.analytics.settle();
    // 31 days on, the retention sweep rolls the raw windows into daily totals, which still count.
    offsetMs = 31 * dayMs;
    await app.services.analytics.retainNow();
    offsetMs = 0;
    expect(await app.services.db.select().from(listenerWindows)).toEqual([]);
    expect((await downloadsToday()).total).toBe(20);

    const beforeClose = bytesUnder(dataDir);
    await app.close();
    closed = true;
    expect(readdirSync(dataDir)).toContain('cuepoint.db');
    // Closing checkpoints the WAL into the database file; whatever -wal or -shm is left is read as well.
    const afterClose = bytesUnder(dataDir);
    expect(logLines.length).toBeGreaterThan(50);
    const everything = [beforeClose, afterClose, ...logLines].join('\n').toLowerCase();

    const written = [
      'PrivacyProbe',
      ...listeners.flatMap((listener) => [...listener.spellings, listener.userAgent, listener.userAgent.split('-').at(-1)!]),
    ].filter((text) => everything.includes(text.toLowerCase()));
    expect(written).toEqual([]);
  });
});
