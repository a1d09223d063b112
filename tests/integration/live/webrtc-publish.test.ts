import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAccess } from '@db/schema/events';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { startIngest, waitFor } from '../../helpers/live';
import { webrtcPeers } from './webrtc-clients';

let test: TestApp;
const peers = webrtcPeers();
const { publisher, viewer } = peers;

beforeAll(async () => {
  test = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0', LIVE_WEBRTC_UDP_PORTS: '41000-41100', LIVE_WEBRTC_MAX_VIEWERS: '2' }, { live: { reconnectGraceMs: 60_000 } });
  await startIngest(test.app);
});
afterAll(async () => {
  await peers.closeAll();
  await test.close();
});


async function keyOf(user: TestUser): Promise<string> {
  return (await (await callerAs(test.app, user.token)).live.settings()).streamKey;
}

function ffprobeStreams(path: string): string[] {
  const out = execFileSync('ffprobe', ['-v', 'error', '-of', 'json', '-show_streams', path], { encoding: 'utf8' });
  return (JSON.parse(out) as { streams: { codec_name: string }[] }).streams.map((stream) => stream.codec_name);
}

describe('WHIP ingest and WHEP playback', () => {
  it('takes an OBS-like WHIP publish (H.264 + Opus, no trickle) into HLS and a recording, plays it over WHEP with sub-second delay, counts the viewer, and ends on DELETE', async () => {
    const { app } = test;
    const dj = await createUser(app, { role: 'dj', displayName: 'DJ Whip' });
    const fan = await createUser(app, { role: 'viewer' });
    const lowLatencyFan = await createUser(app, { role: 'viewer' });
    const creator = await callerAs(app, dj.token);
    const now = Date.now();
    const event = await creator.events.create({
      name: 'Browser set',
      startDateTime: new Date(now - 60_000).toISOString(),
      endDateTime: new Date(now + 3600_000).toISOString(),
      isPremium: true,
      premiumPrice: 5,
    });
    await app.services.db.insert(eventAccess).values([
      { viewerId: fan.id, eventId: event.id },
      { viewerId: lowLatencyFan.id, eventId: event.id },
    ]);

    const whip = await publisher();
    expect(whip.offer).not.toContain('a=end-of-candidates\r\na=candidate'); // complete offer, as OBS sends it
    const published = await whip.publish(app, await keyOf(dj));
    expect(published.status).toBe(201);
    expect(published.headers['content-type']).toBe('application/sdp');
    expect(published.headers['access-control-expose-headers']).toBe('Location');
    const location = String(published.headers.location);
    expect(location).toMatch(/^\/live\/whip\/whip_[A-Za-z0-9_-]{24}$/);
    expect(published.body).toMatch(/a=candidate:/);
    expect(published.body).toMatch(/a=rtpmap:\d+ H264\/90000/);
    expect(published.body).toMatch(/a=rtpmap:\d+ opus\/48000\/2/);

    const status = await waitFor('the event to be live', async () => {
      const answer = await (await callerAs(app)).live.status({ eventId: event.id });
      return answer.state === 'live' ? answer : null;
    }, 15_000);
    expect(status.startedAt).toEqual(expect.any(String));

    // events.stream: HLS with a token, and the WHEP URL beside it.
    const stream = await (await callerAs(app, fan.token)).events.stream({ eventId: event.id });
    expect(stream).toMatchObject({ kind: 'hls', live: true, whepUrl: `/live/whep/${event.id}` });
    const token = new URL(stream.url!, 'http://x').searchParams.get('token')!;
    expect(token).toBeTruthy();

    // HLS: the playlist appears and a segment decodes as H.264 + AAC (Opus transcoded).
    const playlist = await waitFor('the playlist', async () => {
      const response = await app.inject({ method: 'GET', url: stream.url! });
      return response.statusCode === 200 && response.body.includes('#EXTINF') ? response.body : null;
    }, 20_000);
    const segmentUrl = playlist.split('\n').find((line) => line.trim() && !line.startsWith('#'))!;
    const sessionPath = new URL(stream.url!, 'http://x').pathname.replace(/index\.m3u8$/, '');
    const segment = await app.inject({ method: 'GET', url: `${sessionPath}${segmentUrl}` });
    expect(segment.statusCode).toBe(200);
    const file = join(test.dataDir, 'whip-segment.ts');
    writeFileSync(file, segment.rawPayload);
    expect(ffprobeStreams(file).sort()).toEqual(['aac', 'h264']);

    // Health for the Go live panel, from the RTP and the SPS.
    const health = await waitFor('health with a picture size', async () => {
      const h = (await creator.live.dashboard()).health;
      return h?.width && h.frameRate ? h : null;
    }, 10_000);
    expect(health).toMatchObject({ videoCodec: 'H.264', audioCodec: 'Opus', width: 640, height: 360 });
    expect(health.frameRate).toBeGreaterThan(20);
    expect(health.bitrateKbps).toBeGreaterThan(50);

    // WHEP: another fan's token (from their events.stream) as Bearer; video RTP and a keyframe within a second of connecting.
    const theirs = await (await callerAs(app, lowLatencyFan.token)).events.stream({ eventId: event.id });
    const whep = await viewer();
    const played = await whep.play(app, event.id, new URL(theirs.url!, 'http://x').searchParams.get('token')!);
    expect(played.status).toBe(201);
    expect(String(played.headers.location)).toMatch(new RegExp(`^/live/whep/${event.id}/whep_[A-Za-z0-9_-]{24}$`));
    await waitFor('the viewer to connect', () => whep.times().connected, 10_000, 20);
    const times = await waitFor('a keyframe at the viewer', () => (whep.times().firstKeyframe ? whep.times() : null), 5_000, 20);
    expect(times.firstVideo! - times.connected!).toBeLessThan(1000);
    expect(times.firstKeyframe! - times.connected!).toBeLessThan(1000);
    expect(whep.videoPackets()).toBeGreaterThan(0);
    // The WHEP viewer counts like an HLS viewer: the HLS fan and the WHEP fan make two.
    await waitFor('the viewer count to reach 2', async () => (await creator.live.status({ eventId: event.id })).viewers === 2, 1_000, 50);

    // DELETE with the key ends the stream at once (a Stop, not a dropped connection: no reconnect grace is waited).
    expect((await app.inject({ method: 'DELETE', url: location, headers: { authorization: 'Bearer wrong-key' } })).statusCode).toBe(404);
    const deleted = await app.inject({ method: 'DELETE', url: location, headers: { authorization: `Bearer ${await keyOf(dj)}` } });
    expect(deleted.statusCode).toBe(200);
    await waitFor('the stream to end', async () => (await (await callerAs(app)).live.status({ eventId: event.id })).state === 'ended', 10_000);
    // The WHEP viewer's relay stops with it.
    const stopped = whep.videoPackets();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(whep.videoPackets() - stopped).toBeLessThan(5);
    const recording = await waitFor('the recording to be ready', async () => (await creator.live.recordings()).find((row) => row.status === 'ready'), 20_000);
    expect(recording.durationSeconds).toBeGreaterThan(1);
    const title = await creator.podcasts.createTitle({ name: 'Browser replays', isVideo: true });
    const episode = await creator.live.publishRecording({ recordingId: recording.id, titleId: title.id, name: 'Browser set (replay)' });
    expect(episode.recordingId).toBe(recording.id);
    expect((await app.inject({ method: 'DELETE', url: location, headers: { authorization: `Bearer ${await keyOf(dj)}` } })).statusCode).toBe(404);
  }, 60_000);
});
