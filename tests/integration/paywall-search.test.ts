import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { events } from '@db/schema/events';
import { liveRecordings, liveSessions } from '@db/schema/live';
import { memberships, membershipTierEvents } from '@db/schema/memberships';
import { publishHubMessage } from '@server/domains/hub/hub.service';
import { recordingKey, sessionFolderKey } from '@server/domains/live/live.service';
import { listProcedures } from '@server/domains/openapi/procedures';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { appRouter } from '@server/trpc/root';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { makePng, postMultipart } from '../helpers/images';
import { insertMembership, insertTier, type MembershipRow } from '../helpers/membership-rows';
import { baseUrl, freshRateLimits, socketClient, waitFor, type SocketClient } from './chat/chat-helpers';
import { printedRoutes } from '../helpers/printed-routes';

/**
 * The paywall, searched: every kind of premium content is built with a unique marker in each protected piece (a premium
 * event's live HLS and the creator's external stream source, a tier-only event, a replay, a members-only podcast title
 * with its episode and private member feeds, premium chat and hub messages), then every answer a guest, a viewer
 * without access, a lapsed member, a member whose tier opens replays only and another creator can reach is searched for
 * them: every GET route of the app with its ids filled from the data, every tRPC query single and batched, every
 * subscription transport (tRPC websocket, server-sent events, SignalR), the pages, feeds, sitemap, calendar, preview
 * images, uploads and media URLs (and every playback token any answer carries, tried on every media URL).
 * Nothing protected may show, and no answer may be a 5xx.
 */

const hex = () => randomBytes(6).toString('hex');
const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface Persona {
  name: string;
  user: TestUser | null;
  /** Markers this persona may legitimately see (a replay member sees the replay). */
  allowed: Set<string>;
}

interface Found {
  persona: string;
  where: string;
  marker: string;
}

/** Every GET path the app serves. */
function getRoutesOfTree(tree: string): string[] {
  return [...new Set(printedRoutes(tree).filter(({ methods }) => methods.includes('GET')).map(({ path }) => path))];
}

/** Every combination of the candidate values of a route's parameters (at most `limit`). */
function fill(path: string, values: (name: string) => string[], limit = 100): string[] {
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  let urls = [path];
  for (const name of names) {
    const candidates = values(name);
    urls = urls.flatMap((url) => candidates.map((value) => url.replace(`:${name}`, encodeURIComponent(value)))).slice(0, limit);
  }
  return urls;
}

/** A zod object's keys (v4 and v3 both keep `shape`), and whether each may be left out. */
function shapeOf(schema: unknown): Record<string, { optional: boolean }> | null {
  const shape = (schema as { shape?: Record<string, { safeParse(value: unknown): { success: boolean } }> } | undefined)?.shape;
  if (!shape) return null;
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, { optional: field.safeParse(undefined).success }]));
}

describe('the paywall, searched', () => {
  let webDist: string;
  let t: TestApp;
  const sockets: SocketClient[] = [];
  const closers: (() => Promise<unknown>)[] = [];

  const m = {
    external: `PWEXT${hex()}`,
    segmentName: `pwseg_${hex()}`,
    segmentData: `PWSEGDATA${hex()}`,
    replayData: `PWREPLAY${hex()}`,
    chatPremium: `PWCHATP${hex()}`,
    chatTier: `PWCHATT${hex()}`,
    hubPremium: `PWHUBP${hex()}`,
    hubTier: `PWHUBT${hex()}`,
    transcript: `PWTRANSCRIPT${hex()}`,
    lateChat: `PWLATECHAT${hex()}`,
    lateHub: `PWLATEHUB${hex()}`,
  };
  const protectedStrings = new Map<string, string>();
  const ids = {} as {
    creator: TestUser;
    other: TestUser;
    premium: string;
    tierOnly: string;
    free: string;
    session: string;
    recording: string;
    title: string;
    episode: string;
    insiderMembership: MembershipRow;
    lapsedMembership: MembershipRow;
    replayMembership: MembershipRow;
    lapsingMembership: MembershipRow;
    tag: string;
  };
  let personas: Persona[] = [];
  let lapsing: TestUser;
  /** An active member of the tier: the control (the same search finds what they may see). */
  let insider: TestUser;
  const found: Found[] = [];
  const serverErrors: string[] = [];
  /** Playback tokens each persona's answers handed out: tried by that persona on every media address. */
  const playbackTokens = new Map<string, Set<string>>();
  let requests = 0;
  const statuses = new Map<number, number>();

  const allMarkers = () => [...Object.values(m), ...protectedStrings.keys()];

  function search(persona: Persona, where: string, body: string) {
    for (const marker of allMarkers()) {
      if (persona.allowed.has(marker)) continue;
      if (body.includes(marker)) found.push({ persona: persona.name, where, marker: protectedStrings.get(marker) ?? marker });
    }
    const mine = playbackTokens.get(persona.name) ?? new Set<string>();
    for (const match of body.matchAll(/token=([A-Za-z0-9_.%-]{20,})/g)) mine.add(decodeURIComponent(match[1]!));
    playbackTokens.set(persona.name, mine);
  }

  async function get(persona: Persona, url: string, headers: Record<string, string> = {}) {
    requests += 1;
    // Budgets (coupon look-ups, payments) would answer 429 instead of the route: each request starts with fresh ones.
    freshRateLimits(t.app);
    const response = await t.app.inject({ method: 'GET', url, headers: { ...(persona.user ? bearer(persona.user.token) : {}), ...headers } });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode >= 500) serverErrors.push(`${persona.name} GET ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    search(persona, `GET ${url}`, `${JSON.stringify(response.headers)}\n${response.body}`);
    return response;
  }

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Cuepoint</title></head><body></body></html>');
    t = await createTestApp({ PUBLIC_URL: 'https://paywall.example.test', PAYMENT_RATE_LIMIT: '100000' }, { webDist });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { app } = t;
    const { db } = app.services;

    ids.tag = `pw_${hex()}`;
    const externalUrl = `https://ext.example.test/${m.external}/live.m3u8`;
    ids.creator = await createUser(app, { role: 'dj', creatorTag: ids.tag, streamValue: externalUrl, displayName: 'Paywall Creator' });
    ids.other = await createUser(app, { role: 'dj' });

    // Events: premium (on now, live on our ingest, with a replay), tier-only (premium, included in the tier), free (on now).
    ids.premium = `pwprem${hex()}`;
    ids.tierOnly = `pwtier${hex()}`;
    ids.free = `pwfree${hex()}`;
    await db.insert(events).values([
      { id: ids.premium, userId: ids.creator.id, name: 'Paid night', isActive: true, isPremium: true, premiumPriceCents: 900, startDateTime: iso(-hour), endDateTime: iso(2 * hour) },
      { id: ids.tierOnly, userId: ids.creator.id, name: 'Members night', isActive: true, isPremium: true, premiumPriceCents: 1500, startDateTime: iso(-hour), endDateTime: iso(3 * hour) },
      { id: ids.free, userId: ids.creator.id, name: 'Open night', isActive: true, startDateTime: iso(-hour), endDateTime: iso(hour) },
    ]);
    ids.session = `pwsess${hex()}`;
    await db.insert(liveSessions).values({ id: ids.session, userId: ids.creator.id, eventId: ids.premium, state: 'live', startedAt: iso(-10 * 60_000) });
    await app.services.storage.put(`${sessionFolderKey(ids.session)}index.m3u8`, `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${m.segmentName}.ts\n`);
    await app.services.storage.put(`${sessionFolderKey(ids.session)}${m.segmentName}.ts`, Buffer.from(`${m.segmentData}`.repeat(8)));
    ids.recording = `pwrec${hex()}`;
    await db.insert(liveRecordings).values({ id: ids.recording, userId: ids.creator.id, eventId: ids.premium, status: 'ready', parts: [], startedAt: iso(-2 * hour) });
    await app.services.storage.put(recordingKey(ids.recording), Buffer.from(m.replayData.repeat(8)));
    protectedStrings.set(`/live/replays/${ids.recording}.mp4`, 'the replay URL');
    protectedStrings.set(`/live/${ids.session}/index.m3u8?token`, 'a tokened live playlist URL');

    // A members-only podcast title with an episode (media, transcript), made as the creator makes them.
    const cover = makePng(1400, 1400);
    const title = (await postMultipart(app, ids.creator.token, '/api/podcast/titles', { name: 'Backstage tapes', membersOnly: 'true' }, { image: { filename: 'c.png', contentType: 'image/png', content: cover } })).json() as { id: string };
    ids.title = title.id;
    const episode = await postMultipart(
      app,
      ids.creator.token,
      `/api/podcast/titles/${title.id}/episodes`,
      { name: 'Tape one', publishDate: '2026-01-05T10:00:00Z' },
      {
        media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: makeMp3Tone({ seconds: 1 }) },
        transcript: { filename: 't.vtt', contentType: 'text/vtt', content: Buffer.from(`WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${m.transcript}\n`) },
      },
    );
    expect(episode.statusCode, episode.body).toBeLessThan(300);
    const made = episode.json() as { id: string; fileUrl: string; transcriptUrl: string };
    ids.episode = made.id;
    // The stored files' addresses (the creator's answer signs them; the path alone is what must never be handed out).
    const pathOf = (url: string) => new URL(url, 'https://paywall.example.test').pathname;
    protectedStrings.set(pathOf(made.fileUrl), 'the members-only episode media URL');
    protectedStrings.set(pathOf(made.transcriptUrl), 'the members-only episode transcript URL');

    // The tier: the tier-only event, the title, replays. An insider (active), a lapsed member, a member about to lapse.
    const tier = await insertTier(app, ids.creator.id, { name: 'Inner circle', podcastTitleIds: [ids.title], includesReplays: true });
    await db.insert(membershipTierEvents).values([
      { tierId: tier.id, eventId: ids.tierOnly },
      { tierId: tier.id, eventId: ids.premium },
    ]);
    insider = await createUser(app, { role: 'viewer' });
    ids.insiderMembership = await insertMembership(app, tier, insider.id);
    const lapsed = await createUser(app, { role: 'viewer' });
    ids.lapsedMembership = await insertMembership(app, tier, lapsed.id, { status: 'lapsed', currentPeriodEnd: iso(-2 * 24 * hour), lapsedAt: iso(-24 * hour) });
    lapsing = await createUser(app, { role: 'viewer' });
    ids.lapsingMembership = await insertMembership(app, tier, lapsing.id);
    // A tier with replays only: its member may watch the premium event's replay, never its live stream.
    const replayTier = await insertTier(app, ids.creator.id, { name: 'Replays', includesReplays: true });
    const replayMember = await createUser(app, { role: 'viewer' });
    ids.replayMembership = await insertMembership(app, replayTier, replayMember.id);
    for (const membership of [ids.insiderMembership, ids.lapsingMembership]) {
      protectedStrings.set(membership.feedToken, 'an active member’s private feed key');
    }
    protectedStrings.set(`/member-media/${ids.lapsedMembership.feedToken}/`, 'a member-media URL of the lapsed key');

    const viewer = await createUser(app, { role: 'viewer' });
    personas = [
      { name: 'guest', user: null, allowed: new Set() },
      { name: 'viewer without access', user: viewer, allowed: new Set() },
      { name: 'lapsed member', user: lapsed, allowed: new Set() },
      { name: 'replay-only member', user: replayMember, allowed: new Set([m.replayData, `/live/replays/${ids.recording}.mp4`]) },
      { name: 'another creator', user: ids.other, allowed: new Set() },
    ];

    // Premium chat and hub messages, sent before anyone looks (history) — more are sent later to open subscriptions.
    const host = socketClient(app, ids.creator.token);
    sockets.push(host);
    for (const [eventId, text] of [
      [ids.premium, m.chatPremium],
      [ids.tierOnly, m.chatTier],
    ] as const) {
      freshRateLimits(app);
      await host.client.chat.send.mutate({ eventId, displayName: 'Host', text });
    }
    await publishHubMessage(app.services, `${ids.creator.id}-${ids.premium}`, m.hubPremium);
    await publishHubMessage(app.services, `${ids.creator.id}-${ids.tierOnly}`, m.hubTier);
  }, 60_000);

  afterAll(async () => {
    for (const close of closers) await close().catch(() => undefined);
    await Promise.all(sockets.map((socket) => socket.close()));
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
    if (process.env.PAYWALL_SEARCH_STATS) console.log(`paywall search: ${requests} requests`, Object.fromEntries(statuses));
  });

  /** Candidate values of a route or input parameter, by its name. */
  function valuesOf(name: string): string[] {
    const eventIds = [ids.premium, ids.tierOnly, ids.free];
    const anyIds = [...eventIds, ids.title, ids.episode, ids.recording, ids.session, ids.creator.id, ids.lapsedMembership.id, ids.replayMembership.id, ids.insiderMembership.id];
    const table: Record<string, string[]> = {
      eventId: eventIds,
      id: anyIds,
      subdomain: [ids.tag],
      tag: [ids.tag],
      userId: [ids.creator.id],
      creatorId: [ids.creator.id],
      titleId: [ids.title],
      podcastTitleId: [ids.title],
      episodeId: [ids.episode],
      excludeEpisodeId: [ids.episode],
      membershipId: [ids.lapsedMembership.id, ids.replayMembership.id, ids.insiderMembership.id],
      itemId: [ids.lapsedMembership.id],
      recordingId: [ids.recording],
      sessionId: [ids.session],
      token: [ids.lapsedMembership.feedToken, ids.replayMembership.feedToken, 'A'.repeat(43)],
      variant: ['source', '480p'],
      kind: ['event', 'creator', 'episode', 'podcast', 'title'],
      count: ['10'],
      limit: ['10'],
      version: ['1'],
      groupId: [`${ids.creator.id}-${ids.premium}`],
      file: [
        'index.m3u8',
        `${m.segmentName}.ts`,
        `${ids.recording}.mp4`,
        `${ids.title}.xml`,
        `${ids.lapsedMembership.feedToken}.xml`,
        `${ids.replayMembership.feedToken}.xml`,
        `${'B'.repeat(43)}.xml`,
        `${ids.tag}.ics`,
        `${ids.premium}.ics`,
        `${ids.creator.id}.ics`,
        `${ids.premium}.png`,
        `${ids.tierOnly}.png`,
        `${ids.tag}.png`,
        `${ids.episode}.png`,
        `${ids.title}.png`,
        'media.mp3',
        'transcript.vtt',
      ],
    };
    return table[name] ?? anyIds;
  }

  /** The pages, feeds, media and uploads a reader reaches by address (the catch-all route serves the pages). */
  function addresses(): string[] {
    const { tag } = ids;
    const urls = [
      `/c/${tag}`,
      `/m/${tag}/`,
      `/m/${tag}/event`,
      `/m/${tag}/latest-episode`,
      `/events/${tag}`,
      ...[ids.premium, ids.tierOnly, ids.free].flatMap((eventId) => [`/events/${tag}/${eventId}`, `/embed/${tag}/${eventId}/player`, `/embed/${tag}/${eventId}/chat`, `/chats/${tag}/${eventId}`]),
      `/podcasts/${tag}/${ids.title}`,
      `/video/${ids.episode}`,
      `/sitemap.xml`,
      `/robots.txt`,
      `/feeds/${ids.title}.xml`,
      `/feeds/${ids.title}/${ids.lapsedMembership.feedToken}.xml`,
      `/feeds/${ids.title}/${'C'.repeat(43)}.xml`,
      `/feeds/${ids.title}/${ids.replayMembership.feedToken}.xml`,
      `/live/${ids.session}/index.m3u8`,
      `/live/${ids.session}/${m.segmentName}.ts`,
      `/live/${ids.session}/source/index.m3u8`,
      `/live/replays/${ids.recording}.mp4`,
      `/api/event/calendar/${tag}.ics`,
      `/api/event/${ids.premium}/stream`,
      `/api/event/${ids.tierOnly}/stream`,
      `/api/event/${ids.free}/stream`,
    ];
    for (const marked of protectedStrings.keys()) if (marked.startsWith('/')) urls.push(marked.replace(/\?token$/, ''));
    for (const file of ['media.mp3', 'transcript.vtt', 'file.mp3']) {
      for (const membership of [ids.lapsedMembership, ids.replayMembership]) urls.push(`/member-media/${membership.feedToken}/${ids.episode}/${file}`);
    }
    return urls;
  }

  it('no REST route, page, feed, calendar, preview, upload or media answer shows a protected piece', async () => {
    found.length = 0;
    const tree = t.app.printRoutes({ commonPrefix: false });
    const routes = getRoutesOfTree(tree).filter((path) => path !== '*' && !path.startsWith('/trpc') && path !== '/msgHub');
    expect(routes.length).toBeGreaterThan(60);
    for (const persona of personas) {
      for (const route of routes) for (const url of fill(route, valuesOf)) await get(persona, url);
      for (const url of addresses()) await get(persona, url);
      // The creator's own answers carry the protected URLs (with their own tokens): the openapi document lists the routes only.
    }
    // Every playback token a persona's answers handed out, tried by it on every media address (the replay member's
    // replay token must not open the live playlist or its segments).
    for (const persona of personas) {
      for (const token of playbackTokens.get(persona.name) ?? []) {
        for (const url of [`/live/${ids.session}/index.m3u8`, `/live/${ids.session}/${m.segmentName}.ts`, `/live/${ids.session}/source/index.m3u8`, `/live/replays/${ids.recording}.mp4`]) {
          await get(persona, `${url}?token=${encodeURIComponent(token)}`);
        }
      }
    }
    report();

    // The control: the same search, as an active member of the tier, finds what the tier opens (so it would find a leak).
    const control: Persona = { name: 'insider (control)', user: insider, allowed: new Set() };
    for (const url of addresses()) await get(control, url);
    // The session here is a stored one, not on air through the ingest, so events.stream does not mint its live token:
    // the control's live token is minted as events.stream mints it for an insider.
    const { token: liveToken } = t.app.services.live.tokens.mint(insider.id, ids.premium, 'live', ids.session);
    await get(control, `/live/${ids.session}/index.m3u8?token=${encodeURIComponent(liveToken)}`);
    await get(control, `/live/${ids.session}/${m.segmentName}.ts?token=${encodeURIComponent(liveToken)}`);
    const controlSaw = new Set(found.filter((entry) => entry.persona === control.name).map((entry) => entry.marker));
    expect([...controlSaw]).toEqual(expect.arrayContaining([m.external, m.segmentName, m.segmentData]));
    found.length = 0;
  }, 300_000);

  it('no tRPC query, single or batched, shows a protected piece', async () => {
    found.length = 0;
    const queries = listProcedures(appRouter).filter((procedure) => procedure.type === 'query');
    const calls: { path: string; input: unknown }[] = [];
    for (const procedure of queries) {
      const shape = shapeOf(procedure.inputs[0]);
      if (procedure.inputs.length === 0 || !shape) {
        calls.push({ path: procedure.path, input: undefined });
        continue;
      }
      let inputs: Record<string, unknown>[] = [{}];
      for (const [key, { optional }] of Object.entries(shape)) {
        const candidates = key === 'eventIds' ? [[ids.premium, ids.tierOnly, ids.free]] : key in knownKeys() ? valuesOf(key) : optional ? [] : valuesOf(key);
        if (candidates.length === 0) continue;
        inputs = inputs.flatMap((input) => candidates.map((value) => ({ ...input, [key]: value }))).slice(0, 20);
      }
      const parser = procedure.inputs[0] as { safeParse(value: unknown): { success: boolean } };
      for (const input of inputs) if (parser.safeParse(input).success) calls.push({ path: procedure.path, input });
    }
    expect(calls.length).toBeGreaterThan(100);
    const queryUrl = ({ path, input }: { path: string; input: unknown }) => `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
    for (const persona of personas) {
      for (const call of calls) await get(persona, queryUrl(call));
      for (let index = 0; index < calls.length; index += 8) {
        const batch = calls.slice(index, index + 8);
        const input = Object.fromEntries(batch.map((call, position) => [position, call.input ?? null]));
        await get(persona, `/trpc/${batch.map((call) => call.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);
      }
    }
    report();
  }, 300_000);

  it('no subscription transport delivers premium chat or hub messages, to those refused at start nor to a member who lapses while open', async () => {
    found.length = 0;
    const { app } = t;
    const http = baseUrl(app, 'http');
    const received = new Map<string, string[]>();
    /** What each reader got, per transport (`reader|transport`). */
    const note = (who: string, what: unknown) => {
      const list = received.get(who) ?? [];
      list.push(typeof what === 'string' ? what : JSON.stringify(what));
      received.set(who, list);
    };
    const transports = ['websocket chat', 'websocket hub', 'sse chat.messages', 'sse hub.messages', 'signalr'] as const;
    const seenBy = (name: string) => [...received].filter(([key]) => key.startsWith(`${name}|`)).map(([, list]) => list.join('\n')).join('\n');
    const readers: { name: string; user: TestUser | null; allowed: Set<string> }[] = [
      ...personas,
      { name: 'member who lapses', user: lapsing, allowed: new Set([m.chatPremium, m.chatTier, m.hubPremium, m.hubTier]) },
    ];

    for (const reader of readers) {
      const token = reader.user?.token;
      // tRPC over a websocket: chat rooms and hub groups.
      const socket = socketClient(app, token);
      sockets.push(socket);
      for (const eventId of [ids.premium, ids.tierOnly]) {
        socket.client.chat.messages.subscribe({ eventId }, { onData: (event) => note(`${reader.name}|websocket chat`, event), onError: (error) => note(`${reader.name} refused`, String(error)) });
        socket.client.hub.messages.subscribe({ groupId: `${ids.creator.id}-${eventId}` }, { onData: (event) => note(`${reader.name}|websocket hub`, event), onError: (error) => note(`${reader.name} refused`, String(error)) });
      }
      // tRPC server-sent events.
      for (const eventId of [ids.premium, ids.tierOnly]) {
        for (const [path, input] of [
          ['chat.messages', { eventId }],
          ['hub.messages', { groupId: `${ids.creator.id}-${eventId}` }],
        ] as const) {
          const controller = new AbortController();
          closers.push(async () => controller.abort());
          const response = await fetch(`${http}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
            headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            signal: controller.signal,
          });
          if (response.status >= 500) serverErrors.push(`${reader.name} SSE ${path} → ${response.status}`);
          const body = response.body?.getReader();
          void (async () => {
            for (;;) {
              const { value, done } = await body!.read();
              if (done) return;
              note(`${reader.name}|sse ${path}`, new TextDecoder().decode(value));
            }
          })().catch(() => undefined);
        }
      }
      // SignalR (the hub of each event).
      for (const eventId of [ids.premium, ids.tierOnly]) {
        const group = `${ids.creator.id}-${eventId}`;
        const connection = new HubConnectionBuilder()
          .withUrl(`${http}/msgHub?groupId=${encodeURIComponent(group)}`, { transport: HttpTransportType.WebSockets, ...(token ? { accessTokenFactory: () => token } : {}) })
          .configureLogging(LogLevel.None)
          .build();
        connection.on('ReceiveMessage', (...args: unknown[]) => note(`${reader.name}|signalr`, args));
        closers.push(() => connection.stop());
        await connection.start().catch((error: unknown) => note(`${reader.name} refused`, String(error)));
      }
    }

    // The member who lapses reads while access lasts.
    const say = async (eventId: string, text: string) => {
      freshRateLimits(app);
      await sockets[0]!.client.chat.send.mutate({ eventId, displayName: 'Host', text });
    };
    const warmChat = `PWWARM${hex()}`;
    const warmHub = `PWWARMHUB${hex()}`;
    await say(ids.premium, warmChat);
    await publishHubMessage(app.services, `${ids.creator.id}-${ids.premium}`, warmHub);
    // Every transport delivers to the member while access lasts (chat and hub lines; SignalR carries hub lines only).
    const got = (transport: string) => (received.get(`member who lapses|${transport}`) ?? []).join('\n');
    await waitFor(
      () => got('websocket chat').includes(warmChat) && got('websocket hub').includes(warmHub) && got('sse chat.messages').includes(warmChat) && got('sse hub.messages').includes(warmHub) && got('signalr').includes(warmHub),
      5000,
    );
    expect(transports.every((transport) => got(transport).length > 0)).toBe(true);

    // The membership lapses: within 5 seconds every open subscription stops delivering.
    await app.services.db.update(memberships).set({ status: 'lapsed', lapsedAt: new Date().toISOString() }).where(eq(memberships.id, ids.lapsingMembership.id));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const eventId of [ids.premium, ids.tierOnly]) {
      await say(eventId, m.lateChat);
      await publishHubMessage(app.services, `${ids.creator.id}-${eventId}`, m.lateHub);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));

    for (const reader of readers) {
      const seen = seenBy(reader.name);
      const persona: Persona = { name: `${reader.name} (subscriptions)`, user: reader.user, allowed: reader.allowed };
      for (const transport of transports) search(persona, transport, (received.get(`${reader.name}|${transport}`) ?? []).join('\n'));
      if (reader.name !== 'member who lapses') {
        expect(seen.includes(warmChat) || seen.includes(warmHub), `${reader.name} read the warm-up`).toBe(false);
      }
    }
    report();
  }, 120_000);

  function knownKeys(): Record<string, true> {
    return Object.fromEntries(
      ['eventId', 'id', 'subdomain', 'tag', 'userId', 'creatorId', 'titleId', 'podcastTitleId', 'episodeId', 'membershipId', 'itemId', 'recordingId', 'groupId', 'token', 'kind'].map((key) => [key, true]),
    ) as Record<string, true>;
  }

  function report() {
    const leaks = [...new Map(found.map((entry) => [`${entry.persona}|${entry.marker}|${entry.where}`, entry])).values()];
    expect(leaks.map((entry) => `${entry.persona} saw ${entry.marker} in ${entry.where}`).slice(0, 40), `${leaks.length} leaks (${requests} requests so far)`).toEqual([]);
    expect(serverErrors.slice(0, 20), `${serverErrors.length} server errors`).toEqual([]);
  }
});
