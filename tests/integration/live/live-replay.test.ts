import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventAccess } from '@db/schema/events';
import { liveMessages } from '@server/domains/live/live.schemas';
import { callerAs, createTestApp, createUser, type TestApp } from '../../helpers/app';
import { publishTestStream, startIngest, stopAllPublishers, waitFor } from '../../helpers/live';

const apps: TestApp[] = [];
afterEach(async () => {
  await stopAllPublishers();
  await Promise.all(apps.splice(0).map((test) => test.close()));
});

describe('replays', () => {
  it('records a 12 s stream, serves the premium replay only with a token (Range), and publishes it as a video episode in the RSS feed', async () => {
    const test = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0' }, { live: { reconnectGraceMs: 300 } });
    apps.push(test);
    const { app } = test;
    const port = await startIngest(app);
    const dj = await createUser(app, { role: 'dj' });
    const viewer = await createUser(app, { role: 'viewer' });
    const creator = await callerAs(app, dj.token);
    const now = Date.now();
    const event = await creator.events.create({
      name: 'Premium set',
      startDateTime: new Date(now - 60_000).toISOString(),
      endDateTime: new Date(now + 3600_000).toISOString(),
      isPremium: true,
      premiumPrice: 5,
    });
    await app.services.db.insert(eventAccess).values({ viewerId: viewer.id, eventId: event.id });

    const publisher = publishTestStream(port, (await creator.live.settings()).streamKey, { seconds: 12 });
    expect(await publisher.exited).toBe(0);
    const recording = await waitFor(
      'the recording to be ready',
      async () => (await creator.live.recordings()).find((row) => row.status === 'ready'),
      15_000,
    );
    expect(recording).toMatchObject({ eventId: event.id, eventName: 'Premium set', eventIsPremium: true, episodeId: null });
    expect(recording.durationSeconds).toBeGreaterThanOrEqual(10);
    expect(recording.durationSeconds).toBeLessThanOrEqual(14);
    expect(recording.sizeBytes).toBeGreaterThan(10_000);
    await expect((await callerAs(app)).live.status({ eventId: event.id })).resolves.toMatchObject({ state: 'ended' });
    // Recordings are never under /uploads.
    expect(existsSync(join(test.dataDir, 'recordings', recording.id, `${recording.id}.mp4`))).toBe(true);

    // The replay: premium, so only through events.stream's signed URL.
    await expect((await callerAs(app)).events.stream({ eventId: event.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const stream = await (await callerAs(app, viewer.token)).events.stream({ eventId: event.id });
    expect(stream).toMatchObject({ kind: 'video', live: false, expiresAt: expect.any(String) });
    const bare = `/live/replays/${recording.id}.mp4`;
    expect(stream.url!.startsWith(`${bare}?token=`)).toBe(true);
    expect((await app.inject({ method: 'GET', url: bare })).statusCode).toBe(403);
    const ranged = await app.inject({ method: 'GET', url: stream.url!, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${recording.sizeBytes}`);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.length).toBe(100);
    const beyond = await app.inject({ method: 'GET', url: stream.url!, headers: { range: `bytes=${recording.sizeBytes! + 10}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${recording.sizeBytes}`);

    // Publishing: only to one of the creator's video titles.
    const audioTitle = await creator.podcasts.createTitle({ name: 'Audio only' });
    await expect(creator.live.publishRecording({ recordingId: recording.id, titleId: audioTitle.id, name: 'Replay' })).rejects.toMatchObject({
      message: liveMessages.videoTitleOnly,
    });
    const title = await creator.podcasts.createTitle({ name: 'Live replays', isVideo: true });
    const published = await creator.live.publishRecording({ recordingId: recording.id, titleId: title.id, name: 'Premium set (replay)' });
    expect(published.recordingId).toBe(recording.id);
    await expect(creator.live.publishRecording({ recordingId: recording.id, titleId: title.id, name: 'Again' })).rejects.toMatchObject({
      message: liveMessages.recordingPublished,
    });
    expect((await creator.live.recordings())[0]).toMatchObject({ episodeId: published.episodeId });

    const feed = await app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` });
    expect(feed.statusCode).toBe(200);
    const enclosure = /<enclosure url="([^"]+)" length="(\d+)" type="video\/mp4"/.exec(feed.body);
    expect(enclosure, feed.body).not.toBeNull();
    const mediaPath = new URL(enclosure![1]!).pathname;
    const media = await app.inject({ method: 'GET', url: mediaPath, headers: { range: 'bytes=0-1023' } });
    expect(media.statusCode).toBe(206);
    expect(media.headers['content-range']).toBe(`bytes 0-1023/${enclosure![2]}`);
    const episode = await (await callerAs(app)).podcasts.publicEpisode({ id: published.episodeId });
    expect(episode).toMatchObject({ mimeType: 'video/mp4', isVideo: true });
    expect(episode.duration).toBeGreaterThanOrEqual(10);

    // Deleting the recording keeps the episode's media.
    expect(await creator.live.deleteRecording({ recordingId: recording.id })).toEqual({ id: recording.id });
    expect(existsSync(join(test.dataDir, 'recordings', recording.id))).toBe(false);
    expect((await app.inject({ method: 'GET', url: mediaPath })).statusCode).toBe(200);
    expect(await creator.live.recordings()).toEqual([]);
    // The event has nothing of ours to play any more: events.stream falls back to the external stream (none here).
    expect(await (await callerAs(app, viewer.token)).events.stream({ eventId: event.id })).toMatchObject({ kind: 'none' });
  });

  it('continues the same session when the publisher comes back within the grace period', async () => {
    const test = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0' }, { live: { reconnectGraceMs: 4000 } });
    apps.push(test);
    const { app } = test;
    const port = await startIngest(app);
    const dj = await createUser(app, { role: 'dj' });
    const creator = await callerAs(app, dj.token);
    const key = (await creator.live.settings()).streamKey;
    expect(await publishTestStream(port, key, { seconds: 3 }).exited).toBe(0);
    const first = (await creator.live.dashboard()).session!;
    expect((await creator.live.dashboard()).state).toBe('live');
    expect(await publishTestStream(port, key, { seconds: 3 }).exited).toBe(0);
    const again = await creator.live.dashboard();
    expect(again.session!.id).toBe(first.id);
    const ended = await waitFor('the session to end after the grace period', async () => {
      const recordings = await creator.live.recordings();
      return recordings[0]?.status === 'ready' ? recordings : null;
    }, 15_000);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.durationSeconds).toBeGreaterThanOrEqual(5);
    const playlist = await app.inject({ method: 'GET', url: `/live/${first.id}/index.m3u8` });
    expect(playlist.body).toContain('#EXT-X-DISCONTINUITY');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
  });
});
