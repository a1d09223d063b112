import { describe, expect, it } from 'vitest';
import type { Create, Note, Update } from '@fedify/vocab';
import { podcastTitles, podcastUploads } from '@db/schema/podcasts';
import { liveRecordings } from '@db/schema/live';
import { newId } from '@server/lib/ids';
import { updateSettings } from '@server/domains/federation/federation.service';
import type { ReceivedActivity } from '../helpers/fediverse-peer';
import { useFederatedPeer } from '../helpers/federated-peer';

const activityJson = 'application/activity+json';

describe("a creator's posts on the Fediverse", () => {
  const fed = useFederatedPeer();

  /** An admin with a creator page (no plan needed for events), followed by the peer's alice; `actor`: its actor id. */
  const followedCreator = async (tag: string) => {
    const { creator, caller, actorId } = await fed.followedCreator(tag);
    return { creator, caller, actor: actorId };
  };
  const fromActor = (actor: string, type: string) => (activity: ReceivedActivity) => activity.type === type && activity.actorId === actor;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
  const noteOf = async (activity: ReceivedActivity) => (await (activity.activity as Create).getObject()) as Note;
  const jsonOf = async (activity: ReceivedActivity) => JSON.stringify(await activity.activity.toJsonLd());
  const getJson = async (url: string) => {
    const response = await fetch(url, { headers: { accept: activityJson } });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  async function uploadMedia(userId: string, name: string, mimeType = 'audio/mpeg') {
    const id = newId();
    await fed.server.app.services.db.insert(podcastUploads).values({ id, ownerId: userId, kind: 'media', url: `/uploads/${name}`, mimeType, sizeBytes: 1000, durationSeconds: 2530 });
    return id;
  }

  it('posts a new public event as a signed Create(Note) with its time in UTC, link, art, hashtags and an Event; the note and outbox answer', async () => {
    const { creator, caller, actor } = await followedCreator('poster_events');
    await updateSettings(fed.server.app.services, creator.id, { hashtags: ['techno', 'livestream'] });
    const event = await caller.events.create({ name: 'Friday set', startDateTime: '2026-12-11T21:00:00.000Z', endDateTime: '2026-12-11T23:00:00.000Z' });

    // The peer's inbox verified the signature (Fedify) before recording it.
    const create = await fed.peer.waitFor(fromActor(actor, 'Create'));
    const note = await noteOf(create);
    const json = JSON.parse(await jsonOf(create)) as { to: string[]; cc: string[]; object: Record<string, unknown> };
    expect(note.content?.toString()).toContain('Friday set, Fri 11 Dec 2026 21:00 UTC');
    expect(note.content?.toString()).toContain(`${fed.server.origin}/events/poster_events/${event.id}`);
    expect(note.content?.toString()).toContain('#techno #livestream');
    expect(note.id?.href).toMatch(new RegExp(`^${fed.server.origin}/c/poster_events/posts/`));
    expect(json.to).toContain('as:Public');
    expect(json.cc).toContain(`${actor}/followers`);
    const text = JSON.stringify(json);
    expect(text).toContain(`${fed.server.origin}/og/events/${event.id}.png`);
    const eventObject = (json.object.attachment as Array<Record<string, unknown>>).find((item) => item.type === 'Event');
    expect(eventObject).toMatchObject({ name: 'Friday set', startTime: '2026-12-11T21:00:00Z', endTime: '2026-12-11T23:00:00Z' });

    // The note dereferences at its id, the Event at its own, and the outbox lists the Create.
    const served = await getJson(note.id!.href);
    expect(served.status).toBe(200);
    expect(served.json).toMatchObject({ type: 'Note', id: note.id!.href, url: `${fed.server.origin}/events/poster_events/${event.id}` });
    expect(served.json.tag).toEqual([expect.objectContaining({ type: expect.stringMatching(/Hashtag$/), name: '#techno' }), expect.objectContaining({ name: '#livestream' })]);
    expect((await getJson(eventObject!.id as string)).json).toMatchObject({ type: 'Event', name: 'Friday set' });
    const outbox = await getJson(`${actor}/outbox`);
    expect(outbox.json.totalItems).toBe(1);
    const page = await getJson(outbox.json.first as string);
    expect(page.json.orderedItems).toEqual([expect.objectContaining({ type: 'Create', id: create.id })]);

    // The creator's Fediverse page lists it.
    const { posts } = await caller.federation.posts();
    expect(posts).toEqual([expect.objectContaining({ kind: 'event', subjectId: event.id, title: 'Friday set', teaser: false, likes: 0, boosts: 0, replies: 0, deletedAt: null })]);
  });

  it('sends Update when the event is edited and Delete (Tombstone) when it is cancelled; the note then answers as a Tombstone', async () => {
    const { caller, actor } = await followedCreator('poster_edits');
    const event = await caller.events.create({ name: 'Warm-up', startDateTime: '2026-12-18T20:00:00.000Z', endDateTime: '2026-12-18T22:00:00.000Z' });
    const create = await fed.peer.waitFor(fromActor(actor, 'Create'));
    const noteId = (await noteOf(create)).id!.href;

    await caller.events.update({ id: event.id, name: 'Warm-up (moved)', startDateTime: '2026-12-19T20:00:00.000Z', endDateTime: '2026-12-19T22:00:00.000Z' });
    const update = await fed.peer.waitFor(fromActor(actor, 'Update'));
    const updated = (await (update.activity as Update).getObject()) as Note;
    expect(updated.id?.href).toBe(noteId);
    expect(updated.content?.toString()).toContain('Warm-up (moved), Sat 19 Dec 2026 20:00 UTC');

    await caller.events.update({ id: event.id, isActive: false });
    const deleted = await fed.peer.waitFor(fromActor(actor, 'Delete'));
    expect(deleted.objectId).toBe(noteId);
    expect(JSON.stringify(await deleted.activity.toJsonLd())).toContain('Tombstone');
    expect((await getJson(noteId)).json).toMatchObject({ type: 'Tombstone' });
    expect((await getJson(`${actor}/outbox`)).json.totalItems).toBe(0);

    // A deleted event's note goes too.
    const other = await caller.events.create({ name: 'Gone soon', startDateTime: '2026-12-20T20:00:00.000Z', endDateTime: '2026-12-20T22:00:00.000Z' });
    const otherCreate = await fed.peer.waitFor((activity) => activity.type === 'Create' && activity.actorId === actor && activity.id !== create.id);
    await caller.events.delete({ id: other.id });
    const otherDelete = await fed.peer.waitFor((activity) => activity.type === 'Delete' && activity.actorId === actor && activity.objectId !== noteId);
    expect(otherDelete.objectId).toBe((await noteOf(otherCreate)).id!.href);
  });

  it('posts going live ("… is live now"), once per event however often the stream starts', async () => {
    const { creator, caller, actor } = await followedCreator('poster_live');
    const event = await caller.events.create({ name: 'Sunday session', startDateTime: '2026-12-06T18:00:00.000Z', endDateTime: '2026-12-06T20:00:00.000Z' });
    await fed.peer.waitFor(fromActor(actor, 'Create'));
    // The ingest's own announcement (what live.sessions publishes when a publish starts a session).
    const started = { sessionId: newId(), userId: creator.id, eventId: event.id, eventName: event.name, startedAt: new Date().toISOString() };
    await fed.server.app.services.domainEvents.publish('live:stream-started', started);
    await fed.server.app.services.domainEvents.publish('live:stream-started', { ...started, sessionId: newId() });
    await settle();
    const creates = fed.peer.received.filter(fromActor(actor, 'Create'));
    expect(creates).toHaveLength(2);
    const note = await noteOf(creates[1]!);
    expect(note.content?.toString()).toContain('Sunday session is live now');
    expect(JSON.stringify(await creates[1]!.activity.toJsonLd())).toContain(`/og/events/${event.id}.png`);
  });

  it('posts a public episode with its duration and audio file, and a published replay with its video', async () => {
    const { creator, caller, actor } = await followedCreator('poster_episodes');
    await fed.server.app.services.db.insert(podcastTitles).values({ id: 'poster-title', userId: creator.id, name: 'Open Mixes', isVideo: false });
    const episode = await caller.podcasts.createEpisode({ podcastTitleId: 'poster-title', name: 'Mix 12', mediaUploadId: await uploadMedia(creator.id, 'mix12.mp3') });
    const create = await fed.peer.waitFor(fromActor(actor, 'Create'));
    const json = await jsonOf(create);
    expect((await noteOf(create)).content?.toString()).toContain('Mix 12 (Open Mixes), 42:10');
    expect(json).toContain(`${fed.server.origin}/video/${episode.id}`);
    expect(json).toMatch(/"type":"Audio"/);
    expect(json).toContain(`${fed.server.origin}/uploads/mix12.mp3`);
    expect(json).toContain('"mediaType":"audio/mpeg"');

    // A replay: the live domain's announcement once a recording became an episode of a video title.
    await fed.server.app.services.db.insert(podcastTitles).values({ id: 'poster-video', userId: creator.id, name: 'Replays', isVideo: true });
    const replay = await caller.podcasts.createEpisode({ podcastTitleId: 'poster-video', name: 'Sunday replay', mediaUploadId: await uploadMedia(creator.id, 'replay1.mp4', 'video/mp4'), fediverse: false });
    const recordingId = newId();
    await fed.server.app.services.db.insert(liveRecordings).values({ id: recordingId, userId: creator.id, status: 'ready', parts: [], startedAt: new Date().toISOString(), episodeId: replay.id });
    await caller.podcasts.updateEpisode({ id: replay.id, fediverse: true });
    await fed.server.app.services.domainEvents.publish('live:replay-published', { recordingId, episodeId: replay.id, userId: creator.id, eventId: null });
    const replayCreate = await fed.peer.waitFor((activity) => activity.type === 'Create' && activity.actorId === actor && activity.id !== create.id);
    const replayJson = await jsonOf(replayCreate);
    expect(replayJson).toMatch(/"type":"Video"/);
    expect(replayJson).toContain(`${fed.server.origin}/uploads/replay1.mp4`);
    expect((await caller.federation.posts()).posts.map((post) => post.kind).sort()).toEqual(['episode', 'replay']);
  });

  it('posts nothing while the creator’s switch is off, nor an item opted out; a repeated announcement is one post', async () => {
    const { creator, caller, actor } = await followedCreator('poster_quiet');
    await updateSettings(fed.server.app.services, creator.id, { publish: false });
    await caller.events.create({ name: 'Not announced', startDateTime: '2026-12-10T20:00:00.000Z', endDateTime: '2026-12-10T22:00:00.000Z' });
    await updateSettings(fed.server.app.services, creator.id, { publish: true });
    await caller.events.create({ name: 'Opted out', startDateTime: '2026-12-11T20:00:00.000Z', endDateTime: '2026-12-11T22:00:00.000Z', fediverse: false });
    await settle();
    expect(fed.peer.received.filter(fromActor(actor, 'Create'))).toEqual([]);
    expect((await caller.federation.posts()).posts).toEqual([]);

    const event = await caller.events.create({ name: 'Announced once', startDateTime: '2026-12-12T20:00:00.000Z', endDateTime: '2026-12-12T22:00:00.000Z' });
    await fed.peer.waitFor(fromActor(actor, 'Create'));
    await fed.server.app.services.domainEvents.publish('events:created', { event });
    await settle();
    expect(fed.peer.received.filter(fromActor(actor, 'Create'))).toHaveLength(1);
    expect((await caller.federation.posts()).posts).toHaveLength(1);
  });

  it('answers an unknown note id, or another creator’s post under this actor, with 404', async () => {
    const { actor } = await followedCreator('poster_lookup');
    const other = await followedCreator('poster_other');
    await other.caller.events.create({ name: 'Elsewhere', startDateTime: '2026-12-21T20:00:00.000Z', endDateTime: '2026-12-21T22:00:00.000Z' });
    const create = await fed.peer.waitFor(fromActor(other.actor, 'Create'));
    const postId = (await noteOf(create)).id!.pathname.split('/').pop()!;
    expect((await getJson(`${other.actor}/posts/${postId}`)).status).toBe(200);
    expect((await getJson(`${actor}/posts/${postId}`)).status).toBe(404);
    expect((await getJson(`${actor}/posts/nothing-here`)).status).toBe(404);
  });
});
