import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { createSocket, type Socket } from 'node:dgram';
import { loadConfig } from '@server/config';
import { liveMessages } from '@server/domains/live/live.schemas';
import { planRefusals } from '@server/domains/billing/plan-access';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { publishTestStream, startIngest, stopAllPublishers, waitFor } from '../../helpers/live';
import { postSdp, webrtcPeers } from './webrtc-clients';

let test: TestApp;
let rtmpPort: number;
const peers = webrtcPeers();
const { publisher, viewer } = peers;

beforeAll(async () => {
  test = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0', LIVE_WEBRTC_UDP_PORTS: '41200-41300', LIVE_WEBRTC_MAX_VIEWERS: '1' }, { live: { reconnectGraceMs: 300 } });
  rtmpPort = await startIngest(test.app);
});
afterAll(async () => {
  await stopAllPublishers();
  await peers.closeAll();
  await test.close();
});

async function keyOf(user: TestUser): Promise<string> {
  return (await (await callerAs(test.app, user.token)).live.settings()).streamKey;
}
async function premiumEventOnNow(creator: TestUser, app = test.app) {
  const now = Date.now();
  return (await callerAs(app, creator.token)).events.create({
    name: 'Premium browser set',
    startDateTime: new Date(now - 60_000).toISOString(),
    endDateTime: new Date(now + 3600_000).toISOString(),
    isPremium: true,
    premiumPrice: 5,
  });
}
async function waitLive(eventId: string) {
  await waitFor('the event to be live', async () => (await (await callerAs(test.app)).live.status({ eventId })).state === 'live', 15_000);
}

describe('WHIP refusals', () => {
  it('answers the preflight with CORS and Accept-Post, and refuses a missing or wrong key (401) and a body that is no SDP (400) in plain text', async () => {
    const { app } = test;
    const preflight = await app.inject({ method: 'OPTIONS', url: '/live/whip' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'accept-post': 'application/sdp',
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, DELETE, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type',
      'access-control-expose-headers': 'Location',
    });
    const whip = await publisher();
    const missing = await postSdp(app, '/live/whip', whip.offer);
    expect([missing.status, missing.body, missing.headers['content-type']]).toEqual([401, liveMessages.unknownKey, 'text/plain; charset=utf-8']);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    const wrong = await postSdp(app, '/live/whip', whip.offer, 'Bearer not-a-stream-key');
    expect([wrong.status, wrong.body]).toEqual([401, liveMessages.unknownKey]);
    const dj = await createUser(app, { role: 'dj' });
    const json = await app.inject({ method: 'POST', url: '/live/whip', headers: { authorization: `Bearer ${await keyOf(dj)}`, 'content-type': 'application/json' }, payload: '{}' });
    expect([json.statusCode, json.body]).toEqual([400, 'Send an SDP offer (Content-Type: application/sdp)']);
  });

  it('refuses a deactivated creator (403) with the RTMP text', async () => {
    const dj = await createUser(test.app, { role: 'dj' });
    const key = await keyOf(dj);
    await test.app.services.db.update(users).set({ isActive: false }).where(eq(users.id, dj.id));
    const refused = await (await publisher()).publish(test.app, key);
    expect([refused.status, refused.body]).toEqual([403, liveMessages.deactivated]);
  });

  it('refuses a creator without the LIVE STREAM plan under "Features require a plan" (403) with the plan text', async () => {
    const admin = await createUser(test.app, { role: 'admin' });
    const settings = (await callerAs(test.app, admin.token)).settings;
    await settings.update({ group: 'general', values: { plansRequired: true } });
    try {
      const dj = await createUser(test.app, { role: 'dj' });
      const refused = await (await publisher()).publish(test.app, await keyOf(dj));
      expect([refused.status, refused.body]).toEqual([403, planRefusals.liveStream]);
      expect((await (await callerAs(test.app, dj.token)).live.dashboard()).lastRefusal?.reason).toBe(planRefusals.liveStream);
    } finally {
      await settings.update({ group: 'general', values: { plansRequired: false } });
    }
  });

  it('answers 503 over LIVE_MAX_STREAMS with the RTMP text, and lets the next creator in once a stream ends', async () => {
    const small = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0', LIVE_MAX_STREAMS: '1', LIVE_WEBRTC_UDP_PORTS: '41400-41450' }, { live: { reconnectGraceMs: 300 } });
    try {
      await startIngest(small.app);
      const keyIn = async (user: TestUser) => (await (await callerAs(small.app, user.token)).live.settings()).streamKey;
      const first = await createUser(small.app, { role: 'dj' });
      const second = await createUser(small.app, { role: 'dj' });
      const live = await (await publisher()).publish(small.app, await keyIn(first));
      expect(live.status).toBe(201);
      const refused = await (await publisher()).publish(small.app, await keyIn(second));
      expect([refused.status, refused.body]).toEqual([503, liveMessages.tooManyStreams]);
      expect((await small.app.inject({ method: 'DELETE', url: String(live.headers.location), headers: { authorization: `Bearer ${await keyIn(first)}` } })).statusCode).toBe(200);
      await waitFor('the first stream to end', async () => (await (await callerAs(small.app, first.token)).live.dashboard()).state !== 'live', 15_000);
      expect((await (await publisher()).publish(small.app, await keyIn(second))).status).toBe(201);
    } finally {
      await small.close();
    }
  });

  it('refuses an AV1-only offer (400 "Use H.264 video") and writes nothing', async () => {
    const dj = await createUser(test.app, { role: 'dj' });
    const av1 = await publisher({ videoCodec: 'av1' });
    expect(av1.offer).toMatch(/AV1\/90000/);
    expect(av1.offer).not.toMatch(/H264/);
    const refused = await av1.publish(test.app, await keyOf(dj));
    expect([refused.status, refused.body]).toEqual([400, liveMessages.videoCodec]);
    expect((await (await callerAs(test.app, dj.token)).live.dashboard()).state).toBe('offline');
  });

  it('refuses a second publisher on a live key (409): WHIP after RTMP, and WHIP after WHIP', async () => {
    const { app } = test;
    const rtmpDj = await createUser(app, { role: 'dj' });
    const rtmp = publishTestStream(rtmpPort, await keyOf(rtmpDj));
    await waitFor('the RTMP publish to be live', async () => (await (await callerAs(app, rtmpDj.token)).live.dashboard()).state === 'live', 15_000);
    const afterRtmp = await (await publisher()).publish(app, await keyOf(rtmpDj));
    expect([afterRtmp.status, afterRtmp.body]).toEqual([409, liveMessages.alreadyLive]);
    await rtmp.stop();

    const whipDj = await createUser(app, { role: 'dj' });
    const first = await (await publisher()).publish(app, await keyOf(whipDj));
    expect(first.status).toBe(201);
    const second = await (await publisher()).publish(app, await keyOf(whipDj));
    expect([second.status, second.body]).toEqual([409, liveMessages.alreadyLive]);
  });
});

describe('WHEP refusals', () => {
  it('plays a premium event only with its live token (401 none, 403 forged or another session), up to LIVE_WEBRTC_MAX_VIEWERS (503), and closes a viewer when the token expires', async () => {
    const { app } = test;
    const dj = await createUser(app, { role: 'dj' });
    const event = await premiumEventOnNow(dj);
    expect((await postSdp(app, `/live/whep/${event.id}`, (await viewer()).offer)).status).toBe(404);
    const whip = await publisher();
    expect((await whip.publish(app, await keyOf(dj))).status).toBe(201);
    await waitLive(event.id);
    const session = (await (await callerAs(app, dj.token)).live.dashboard()).session!;

    const noToken = await (await viewer()).play(app, event.id);
    expect(noToken.status).toBe(401);
    const forged = await (await viewer()).play(app, event.id, 'eyJhbGciOiJIUzI1NiJ9.e30.forged');
    expect(forged.status).toBe(403);
    const otherSession = test.app.services.live.tokens.mint('someone', event.id, 'live', 'another-session-id').token;
    expect((await (await viewer()).play(app, event.id, otherSession)).status).toBe(403);
    const replayToken = test.app.services.live.tokens.mint('someone', event.id, 'replay', session.id).token;
    expect((await (await viewer()).play(app, event.id, replayToken)).status).toBe(403);

    // A token valid for 5 s: the viewer plays, then its connection closes when the token expires.
    const shortLived = test.app.services.live.tokens.mint('fan-1', event.id, 'live', session.id, 5).token;
    const first = await viewer();
    expect((await first.play(app, event.id, shortLived)).status).toBe(201);
    await waitFor('video at the first viewer', () => first.videoPackets() > 0, 10_000, 20).catch((error: Error) => {
      throw new Error(`${error.message} (viewer ${first.state()}, ${JSON.stringify(first.times())}, publisher sent ${whip.sent()})`);
    });

    // LIVE_WEBRTC_MAX_VIEWERS=1: the second viewer goes to HLS.
    const token = test.app.services.live.tokens.mint('fan-2', event.id, 'live', session.id).token;
    const over = await (await viewer()).play(app, event.id, token);
    expect([over.status, over.body]).toEqual([503, 'Too many low-latency viewers right now: play it over HLS']);

    await waitFor('the expired viewer to stop receiving', async () => {
      const before = first.videoPackets();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return first.videoPackets() === before;
    }, 10_000, 50);
    // Its place is free again.
    const next = await viewer();
    expect((await next.play(app, event.id, token)).status).toBe(201);
  }, 45_000);
});

describe('LIVE_WEBRTC=off', () => {
  it('answers WHIP and WHEP with 503 and the reason', async () => {
    const off = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0', LIVE_WEBRTC: 'off' });
    try {
      await startIngest(off.app);
      const dj = await createUser(off.app, { role: 'dj' });
      const key = (await (await callerAs(off.app, dj.token)).live.settings()).streamKey;
      const whip = await publisher();
      const refused = await whip.publish(off.app, key);
      expect([refused.status, refused.body]).toEqual([503, 'Publishing from the browser is off on this server (LIVE_WEBRTC=off): use OBS over RTMP']);
      const event = await premiumEventOnNow(dj, off.app);
      expect((await postSdp(off.app, `/live/whep/${event.id}`, (await viewer()).offer)).status).toBe(503);
    } finally {
      await off.close();
    }
  });
});

describe('WebRTC settings', () => {
  it('reads the UDP range, public address and viewer cap, and names a bad range clearly', () => {
    expect(loadConfig({}).live.webrtc).toEqual({ enabled: true, udpPorts: [40000, 40100], publicIp: undefined, maxViewers: 20 });
    expect(loadConfig({ LIVE_WEBRTC: 'off', LIVE_WEBRTC_UDP_PORTS: '50000-50010', LIVE_WEBRTC_PUBLIC_IP: '203.0.113.7', LIVE_WEBRTC_MAX_VIEWERS: '5' }).live.webrtc).toEqual({
      enabled: false,
      udpPorts: [50000, 50010],
      publicIp: '203.0.113.7',
      maxViewers: 5,
    });
    for (const bad of ['40100-40000', '40000', '80-90', '40000-70000', 'a-b']) {
      expect(() => loadConfig({ LIVE_WEBRTC_UDP_PORTS: bad })).toThrow(`LIVE_WEBRTC_UDP_PORTS must be a range like 40000-40100 (first < last, within 1024-65535), got "${bad}"`);
    }
    expect(() => loadConfig({ LIVE_WEBRTC_PUBLIC_IP: 'example.com' })).toThrow(/LIVE_WEBRTC_PUBLIC_IP must be an IPv4 or IPv6 address/);
  });

  it('answers 503 when every UDP port of the range is taken, and the creator may publish again once one is free', async () => {
    const narrow = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0', LIVE_WEBRTC_UDP_PORTS: '41400-41401' });
    const taken: Socket[] = [];
    try {
      await startIngest(narrow.app);
      for (const port of [41400, 41401]) {
        const socket = createSocket('udp4');
        await new Promise<void>((resolve) => socket.bind(port, () => resolve()));
        taken.push(socket);
      }
      const dj = await createUser(narrow.app, { role: 'dj' });
      const key = (await (await callerAs(narrow.app, dj.token)).live.settings()).streamKey;
      const refused = await (await publisher()).publish(narrow.app, key);
      expect([refused.status, refused.body]).toEqual([503, 'No free UDP port for WebRTC on this server right now. Try again later']);
      await new Promise<void>((resolve) => taken.pop()!.close(() => resolve()));
      expect((await (await publisher()).publish(narrow.app, key)).status).toBe(201);
    } finally {
      for (const socket of taken) socket.close();
      await narrow.close();
    }
  });
});
