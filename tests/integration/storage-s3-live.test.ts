import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callerAs, createUser } from '../helpers/app';
import { createTestInstances, type TestInstances } from '../helpers/instances';
import { publishTestStream, startIngest, stopAllPublishers, waitFor } from '../helpers/live';
import { useS3 } from '../engines/s3';

const s3 = useS3();
let pair: TestInstances | undefined;
afterEach(async () => {
  await stopAllPublishers();
  await pair?.close();
  pair = undefined;
});

describe('live streaming with S3 storage', () => {
  it('puts segments and playlists in the bucket as they are written: another instance plays the stream, then the replay; cleanup empties the bucket', async () => {
    pair = await createTestInstances(2, { ...s3.current.env, RTMP_HOST: '127.0.0.1', RTMP_PORT: '0' }, { live: { reconnectGraceMs: 1000, hlsRetentionMs: 3000 } });
    const [a, b] = pair.instances as [TestInstances['instances'][number], TestInstances['instances'][number]];
    const port = await startIngest(a.app);
    const dj = await createUser(a.app, { role: 'dj', displayName: 'DJ Bucket' });
    const creator = await callerAs(a.app, dj.token);
    const publisher = publishTestStream(port, (await creator.live.settings()).streamKey, { seconds: 8 });
    const session = await waitFor('the creator to be live', async () => {
      const dashboard = await creator.live.dashboard();
      return dashboard.state === 'live' ? dashboard.session! : null;
    });

    // A holds the session and hands out its URL; B never ran ffmpeg and has no file of it: it answers from the bucket.
    const stream = await (await callerAs(a.app)).events.stream({ eventId: session.eventId });
    expect(stream).toMatchObject({ kind: 'hls', url: `/live/${session.id}/index.m3u8`, live: true });
    const playlist = await waitFor(
      'the playlist on instance B',
      async () => {
        const response = await fetch(`${b.url}${stream.url}`);
        const text = await response.text();
        return response.status === 200 && text.includes('#EXTINF') ? { response, text } : null;
      },
      15_000,
    );
    expect(playlist.response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const segmentName = playlist.text.split('\n').find((line) => line.trim() && !line.startsWith('#'))!;
    const segment = await fetch(`${b.url}/live/${session.id}/${segmentName}`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const liveKeys = await s3.current.keys(`live/${session.id}/`);
    expect(liveKeys).toContain(`live/${session.id}/index.m3u8`);
    expect(liveKeys).toContain(`live/${session.id}/${segmentName}`);

    expect(await publisher.exited).toBe(0);
    const recording = await waitFor('the recording to be ready', async () => (await creator.live.recordings()).find((row) => row.status === 'ready'), 20_000);
    // The final playlist (ENDLIST) went up before the session's files were finished.
    const ended = await (await fetch(`${b.url}${stream.url}`)).text();
    expect(ended).toContain('#EXT-X-ENDLIST');
    expect(await s3.current.keys(`recordings/${recording.id}/`)).toEqual([`recordings/${recording.id}/${recording.id}.mp4`]);
    expect(existsSync(join(pair.dataDir, 'recordings', recording.id))).toBe(false);
    const replay = await (await callerAs(b.app)).events.stream({ eventId: session.eventId });
    expect(replay).toMatchObject({ kind: 'video', url: `/live/replays/${recording.id}.mp4` });
    const ranged = await fetch(`${b.url}${replay.url}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${recording.sizeBytes}`);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    // The HLS retention passes: the session's folder leaves the bucket; deleting the recording removes its MP4.
    await waitFor('the HLS folder to leave the bucket', async () => (await s3.current.keys(`live/${session.id}/`)).length === 0, 15_000);
    await creator.live.deleteRecording({ recordingId: recording.id });
    expect(await s3.current.keys(`recordings/${recording.id}/`)).toEqual([]);
    expect((await fetch(`${b.url}${replay.url}`)).status).toBe(404);
  }, 90_000);
});
