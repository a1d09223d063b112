import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mediaRequests } from '@db/schema/analytics';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { bearer, callerAs, createUser, type TestUser } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';
import { createTestInstances, untilReady, type TestInstances } from '../helpers/instances';
import { testEngines } from '../helpers/test-engines';
import { waitFor } from '../helpers/live';

/**
 * Issue 33 across instances: two instances on one PostgreSQL database and one Redis count a listener once, whichever
 * instance served which part of the file, and their counting sweeps never count a request twice. Only on
 * `TEST_ENGINES=postgres,redis` (the instances share the run's engines).
 */
const engines = testEngines();
const dayMs = 24 * 3600_000;
/** 120 s of 32 kbit/s audio: 480,000 bytes; one minute, the threshold, is 240,000 bytes. */
const episodeSeconds = 120;

describe.runIf(engines.postgres && engines.redis)('analytics on two instances sharing PostgreSQL and Redis', () => {
  let deployment: TestInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    // Requests reach the database at once; each test runs the counting sweep itself.
    deployment = await createTestInstances(2, {}, { analytics: { flushMs: 10, countingPeriodMs: 3_600_000 } });
    await untilReady(deployment.instances);
    [a, b] = deployment.instances.map((instance) => instance.app) as [FastifyInstance, FastifyInstance];
  }, 60_000);
  afterAll(async () => deployment?.close());

  /** A creator with one published 120-second episode, uploaded through instance A. */
  async function creatorWithEpisode(): Promise<{ creator: TestUser; episode: { id: string; fileUrl: string } }> {
    const creator = await createUser(a, { role: 'dj' });
    const title = multipart(
      { name: 'Two rooms', description: 'One show', isVideo: 'false' },
      { image: { filename: 'cover.png', contentType: 'image/png', content: makePng(1400, 1400) } },
    );
    const created = await a.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...title.headers, ...bearer(creator.token) }, payload: title.payload });
    expect(created.statusCode, created.body).toBe(201);
    const body = multipart(
      { name: 'Episode one', description: 'First', publishDate: '2026-01-05T10:00:00Z' },
      { media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: makeMp3Tone({ seconds: episodeSeconds }) } },
    );
    const upload = await a.inject({ method: 'POST', url: `/api/podcast/titles/${created.json().id}/episodes`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().sizeBytes).toBe(480_000);
    return { creator, episode: upload.json() };
  }

  async function serve(app: FastifyInstance, url: string, listener: { address: string; userAgent: string }, range?: string): Promise<void> {
    const response = await app.inject({ method: 'GET', url, remoteAddress: listener.address, headers: { 'user-agent': listener.userAgent, ...(range && { range }) } });
    expect(response.statusCode).toBe(range ? 206 : 200);
  }

  /** Waits until every request served for the episode is in the shared database (written by whichever instance). */
  async function written(app: FastifyInstance, episodeId: string, requests: number): Promise<void> {
    await waitFor(`${requests} requests written`, async () => (await app.services.db.select().from(mediaRequests).where(eq(mediaRequests.itemId, episodeId))).length === requests);
  }

  /** The creator's downloads today as read through `app`. */
  async function downloads(app: FastifyInstance, creator: TestUser): Promise<number> {
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    const api = await callerAs(app, creator.token);
    return (await api.analytics.downloads({ from: new Date(today - dayMs).toISOString(), to: new Date(today + 2 * dayMs).toISOString() })).total;
  }

  it('counts one listener once when half the threshold is served by A and the rest by B', async () => {
    for (const app of [a, b]) expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ db: 'postgres', bus: 'redis' });
    const { creator, episode } = await creatorWithEpisode();
    const listener = { address: '198.51.100.7', userAgent: 'AntennaPod/3.4.0' };
    await serve(a, episode.fileUrl, listener, 'bytes=0-119999');
    await a.services.analytics.settle();
    expect(await downloads(a, creator)).toBe(0);
    expect(await downloads(b, creator)).toBe(0);

    await serve(b, episode.fileUrl, listener, 'bytes=120000-239999');
    await written(b, episode.id, 1);
    await Promise.all([a.services.analytics.settle(), b.services.analytics.settle()]);
    expect(await downloads(a, creator)).toBe(1);
    expect(await downloads(b, creator)).toBe(1);

    // The rest of the file, from both instances again: still the same download.
    await serve(a, episode.fileUrl, listener, 'bytes=240000-359999');
    await serve(b, episode.fileUrl, listener, 'bytes=360000-');
    expect(await downloads(b, creator)).toBe(1);
    expect(await downloads(a, creator)).toBe(1);
  });

  it('counts each request once when both instances run the counting sweep at the same moment', async () => {
    const { creator, episode } = await creatorWithEpisode();
    const listeners = Array.from({ length: 40 }, (_, index) => ({ address: `198.51.100.${100 + index}`, userAgent: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)' }));
    // Each listener downloads the whole file from both instances.
    for (const listener of listeners) {
      await serve(a, episode.fileUrl, listener);
      await serve(b, episode.fileUrl, listener);
    }
    await written(a, episode.id, listeners.length * 2);
    await Promise.all([a.services.analytics.settle(), b.services.analytics.settle(), a.services.analytics.settle(), b.services.analytics.settle()]);
    expect(await downloads(a, creator)).toBe(listeners.length);
    expect(await downloads(b, creator)).toBe(listeners.length);
  });

  it('counts different listeners apart: one served by each instance, and the same address with another app', async () => {
    const { creator, episode } = await creatorWithEpisode();
    await serve(a, episode.fileUrl, { address: '198.51.100.20', userAgent: 'AntennaPod/3.4.0' }, 'bytes=0-239999');
    await serve(b, episode.fileUrl, { address: '198.51.100.21', userAgent: 'AntennaPod/3.4.0' }, 'bytes=0-239999');
    // Same address, another app: another listener too.
    await serve(b, episode.fileUrl, { address: '198.51.100.20', userAgent: 'PocketCasts/1.0 (Pocket Casts - Android)' }, 'bytes=0-239999');
    await written(a, episode.id, 3);
    await Promise.all([a.services.analytics.settle(), b.services.analytics.settle()]);
    expect(await downloads(a, creator)).toBe(3);
    expect(await downloads(b, creator)).toBe(3);
  });
});
