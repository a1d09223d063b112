import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Create, Note } from '@fedify/vocab';
import { callerAs } from '../helpers/app';
import type { ReceivedActivity } from '../helpers/fediverse-peer';
import { useFederatedPeer } from '../helpers/federated-peer';
import { publishTestStream, startIngest, stopAllPublishers, waitFor } from '../helpers/live';

/**
 * Issue 32, going live for real: a creator followed from the Fediverse publishes over RTMP with ffmpeg into the app's
 * ingest; the go-live note reaches the follower, and so does the replay once the creator publishes the recording
 * (its video for a public event; a teaser without media for a premium one).
 */
describe('going live and publishing the replay, as the Fediverse sees it', () => {
  const fed = useFederatedPeer({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0' }, { live: { reconnectGraceMs: 300 } });
  let ingestPort: number;

  beforeAll(async () => {
    ingestPort = await startIngest(fed.server.app);
  });
  afterEach(async () => stopAllPublishers());

  interface Delivered {
    activity: ReceivedActivity;
    content: string;
    json: string;
    document: { object: { url?: unknown; attachment?: Record<string, unknown> | Array<Record<string, unknown>> } };
    /** The note's attachments (JSON-LD writes a single one without the array). */
    attachments: Array<Record<string, unknown>>;
  }
  /** Every Create from `actor` the peer received so far, with its note's content and the whole activity as JSON. */
  async function creates(actor: string): Promise<Delivered[]> {
    const found: Delivered[] = [];
    for (const activity of fed.peer.received.filter((item) => item.type === 'Create' && item.actorId === actor)) {
      const note = (await (activity.activity as Create).getObject()) as Note;
      const document = (await activity.activity.toJsonLd()) as Delivered['document'];
      const attachments = [document.object.attachment ?? []].flat();
      found.push({ activity, content: note.content?.toString() ?? '', json: JSON.stringify(document), document, attachments });
    }
    return found;
  }
  const noteSaying = (actor: string, text: string, timeoutMs = 15_000) =>
    waitFor(`a note saying "${text}"`, async () => (await creates(actor)).find((create) => create.content.includes(text)), timeoutMs);

  /** A creator (dj with a creator page) followed by the peer's alice, with an event on now. */
  async function followedCreatorLiveSoon(tag: string, premium: boolean) {
    const { caller, actorId } = await fed.followedCreator(tag, { role: 'dj' });
    const now = Date.now();
    const event = await caller.events.create({
      name: premium ? 'Paid night' : 'Open air',
      startDateTime: new Date(now - 60_000).toISOString(),
      endDateTime: new Date(now + 3600_000).toISOString(),
      ...(premium && { isPremium: true, premiumPrice: 8 }),
    });
    await noteSaying(actorId, event.name);
    return { caller, event, actor: actorId, eventUrl: `${fed.server.origin}/events/${tag}/${event.id}` };
  }

  /** Publishes a test stream for `seconds` and waits for its recording to be ready. */
  async function streamAndRecord(caller: Awaited<ReturnType<typeof callerAs>>, seconds: number) {
    const publisher = publishTestStream(ingestPort, (await caller.live.settings()).streamKey, { seconds });
    return {
      publisher,
      recording: async () => {
        expect(await publisher.exited, publisher.stderr()).toBe(0);
        return waitFor('the recording to be ready', async () => (await caller.live.recordings()).find((row) => row.status === 'ready'), 30_000);
      },
    };
  }

  it('posts "… is live now" with the event link and art from a real publish, then the published replay with its video', async () => {
    const { caller, event, actor, eventUrl } = await followedCreatorLiveSoon('golive_open', false);
    const stream = await streamAndRecord(caller, 6);

    const live = await noteSaying(actor, 'Open air is live now');
    expect(live.content).toContain(eventUrl);
    expect(live.document.object.url).toBe(eventUrl);
    expect(live.json).toContain(`${fed.server.origin}/og/events/${event.id}.png`);
    const art = await fetch(`${fed.server.origin}/og/events/${event.id}.png`);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toBe('image/png');
    expect((await art.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const recording = await stream.recording();
    expect(recording.eventId).toBe(event.id);
    const title = await caller.podcasts.createTitle({ name: 'Open replays', isVideo: true });
    const published = await caller.live.publishRecording({ recordingId: recording.id, titleId: title.id, name: 'Open air (replay)' });

    const replay = await noteSaying(actor, 'Open air (replay) (Open replays)');
    expect(replay.document.object.url).toBe(`${fed.server.origin}/video/${published.episodeId}`);
    const video = replay.attachments.find((item) => item.type === 'Video');
    expect(video).toMatchObject({ mediaType: 'video/mp4' });
    const episode = await (await callerAs(fed.server.app)).podcasts.publicEpisode({ id: published.episodeId });
    expect(video!.url).toBe(`${fed.server.origin}${new URL(episode.fileUrl, fed.server.origin).pathname}`);
    // The attachment is the replay's file, served to anyone.
    const file = await fetch(video!.url as string, { headers: { range: 'bytes=0-99' } });
    expect(file.status).toBe(206);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect((await file.arrayBuffer()).byteLength).toBe(100);

    // One go-live note and one replay note for this stream (besides the event's own).
    const texts = (await creates(actor)).map((create) => create.content);
    expect(texts.filter((text) => text.includes('is live now'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('(replay)'))).toHaveLength(1);
    expect((await caller.federation.posts()).posts.map((post) => [post.kind, post.teaser]).sort()).toEqual([
      ['event', false],
      ['live', false],
      ['replay', false],
    ]);
  }, 90_000);

  it('announces a premium event’s go-live and replay as teasers: no stream, no replay file, no media attachment', async () => {
    const { caller, event, actor, eventUrl } = await followedCreatorLiveSoon('golive_paid', true);
    const stream = await streamAndRecord(caller, 6);

    const live = await noteSaying(actor, 'Paid night is live now');
    expect(live.content).toContain('tickets on the event page');
    expect(live.content).toContain(eventUrl);
    expect(live.attachments).not.toContainEqual(expect.objectContaining({ type: expect.stringMatching(/^(Video|Audio|Document)$/) }));
    expect(live.json).not.toMatch(/m3u8|\/live\//);

    const recording = await stream.recording();
    expect(recording.eventId).toBe(event.id);
    const title = await caller.podcasts.createTitle({ name: 'Paid replays', isVideo: true });
    const published = await caller.live.publishRecording({ recordingId: recording.id, titleId: title.id, name: 'Paid night (replay)' });
    const episode = await (await callerAs(fed.server.app)).podcasts.publicEpisode({ id: published.episodeId });

    const replay = await noteSaying(actor, 'Paid night (replay) (Paid replays)');
    // A guest buys the replay on the event page: the teaser links there.
    expect(replay.document.object.url).toBe(eventUrl);
    expect(replay.content).toContain('watch the replay on the event page');
    expect(replay.attachments).not.toContainEqual(expect.objectContaining({ type: expect.stringMatching(/^(Video|Audio|Document)$/) }));
    expect(replay.json).not.toContain(new URL(episode.fileUrl, fed.server.origin).pathname);
    expect(replay.json).not.toMatch(/\.mp4|\/live\/replays\/|m3u8/);
    expect(replay.json).not.toContain(published.episodeId);
    expect((await caller.federation.posts()).posts.map((post) => [post.kind, post.teaser]).sort()).toEqual([
      ['event', true],
      ['live', true],
      ['replay', true],
    ]);
  }, 90_000);
});
