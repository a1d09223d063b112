import { afterEach, describe, expect, it } from 'vitest';
import { events } from '@db/schema/events';
import { liveRecordings, liveSessions } from '@db/schema/live';
import { recordingKey, sessionFolderKey } from '@server/domains/live/live.service';
import { livePlaylistPath } from '@server/domains/live/live.schemas';
import { newId } from '@server/lib/ids';
import { bearer, createTestApp, createUser, type TestApp } from '../../helpers/app';
import { insertMembership, insertTier } from '../../helpers/membership-rows';

/** A playback token opens what it was minted for: the live session or the replay, never both. */
describe('playback grants', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function premiumEventLiveWithReplay() {
    t = await createTestApp();
    const { app } = t;
    const creator = await createUser(app, { role: 'dj', creatorTag: 'grantsdj' });
    const eventId = newId();
    await app.services.db.insert(events).values({ id: eventId, userId: creator.id, name: 'Premium night', isPremium: true, premiumPriceCents: 900 });
    const sessionId = newId();
    const startedAt = new Date().toISOString();
    await app.services.db.insert(liveSessions).values({ id: sessionId, userId: creator.id, eventId, state: 'live', startedAt });
    await app.services.storage.put(`${sessionFolderKey(sessionId)}index.m3u8`, '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg0.ts\n');
    const recordingId = newId();
    await app.services.db.insert(liveRecordings).values({ id: recordingId, userId: creator.id, eventId, status: 'ready', parts: [], startedAt });
    await app.services.storage.put(recordingKey(recordingId), Buffer.alloc(64, 7));
    return { app, creator, eventId, sessionId, recordingId };
  }

  it('a member whose tier has replays (but not the event) gets a replay token that does not open the live playlist', async () => {
    const { app, creator, eventId, sessionId } = await premiumEventLiveWithReplay();
    const member = await createUser(app, { role: 'viewer' });
    await insertMembership(app, await insertTier(app, creator.id, { includesReplays: true }), member.id);

    const stream = await app.inject({ method: 'GET', url: `/api/event/${eventId}/stream`, headers: bearer(member.token) });
    expect(stream.statusCode, stream.body).toBe(200);
    const { url, kind } = stream.json() as { url: string; kind: string };
    expect(kind).toBe('video');
    const replay = await app.inject({ method: 'GET', url });
    expect(replay.statusCode).toBe(200);

    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const live = await app.inject({ method: 'GET', url: `${livePlaylistPath(sessionId)}?token=${encodeURIComponent(token)}` });
    expect(live.statusCode).toBe(403);
    expect(live.body).not.toContain('seg0.ts');
  });

  it('a live token opens its session only, not the replay nor another session of the event', async () => {
    const { app, creator, eventId, sessionId, recordingId } = await premiumEventLiveWithReplay();
    const viewer = await createUser(app, { role: 'viewer' });
    const { token } = app.services.live.tokens.mint(viewer.id, eventId, 'live', sessionId);
    const playlist = await app.inject({ method: 'GET', url: `${livePlaylistPath(sessionId)}?token=${encodeURIComponent(token)}` });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('seg0.ts?token=');

    expect((await app.inject({ method: 'GET', url: `/live/replays/${recordingId}.mp4?token=${encodeURIComponent(token)}` })).statusCode).toBe(403);
    const otherSession = newId();
    await app.services.db.insert(liveSessions).values({ id: otherSession, userId: creator.id, eventId, state: 'ended', startedAt: new Date().toISOString() });
    await app.services.storage.put(`${sessionFolderKey(otherSession)}index.m3u8`, '#EXTM3U\n');
    expect((await app.inject({ method: 'GET', url: `${livePlaylistPath(otherSession)}?token=${encodeURIComponent(token)}` })).statusCode).toBe(403);
  });

  it('a token without a scope (as minted before scopes) opens nothing', async () => {
    const { app, eventId, sessionId, recordingId } = await premiumEventLiveWithReplay();
    const iat = Math.floor(Date.now() / 1000);
    const unscoped = app.services.live.tokens.sign({ sub: 'guest', evt: eventId, aud: 'cuepoint-live', iat, exp: iat + 300 });
    expect((await app.inject({ method: 'GET', url: `${livePlaylistPath(sessionId)}?token=${unscoped}` })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/live/replays/${recordingId}.mp4?token=${unscoped}` })).statusCode).toBe(403);
  });
});

