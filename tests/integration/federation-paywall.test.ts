import { describe, expect, it } from 'vitest';
import { events } from '@db/schema/events';
import { liveRecordings } from '@db/schema/live';
import { podcastTitles, podcastUploads } from '@db/schema/podcasts';
import { newId } from '@server/lib/ids';
import { useFederatedPeer } from '../helpers/federated-peer';

const activityJson = 'application/activity+json';

describe('the paywall on the Fediverse', () => {
  const fed = useFederatedPeer();

  const getJson = async (url: string) => (await (await fetch(url, { headers: { accept: activityJson } })).json()) as Record<string, unknown>;

  it('announces premium events, their go-live, members-only episodes and premium replays as teasers only, in every delivered and served object', async () => {
    const tag = 'paywalled';
    const streamSecret = 'stream-secret-value-9f3';
    const { creator, caller, actorId } = await fed.followedCreator(tag, { displayName: 'Paywalled', streamValue: streamSecret });
    const upload = async (name: string, mimeType: string) => {
      const id = newId();
      await fed.server.app.services.db.insert(podcastUploads).values({ id, ownerId: creator.id, kind: 'media', url: `/uploads/${name}`, mimeType, sizeBytes: 1000, durationSeconds: 600 });
      return id;
    };

    // A premium event, and its go-live (the ingest's announcement).
    const premium = await caller.events.create({ name: 'Paid night', startDateTime: '2026-12-24T21:00:00.000Z', endDateTime: '2026-12-24T23:00:00.000Z', isPremium: true, premiumPrice: 9 });
    await fed.server.app.services.domainEvents.publish('live:stream-started', { sessionId: newId(), userId: creator.id, eventId: premium.id, eventName: premium.name, startedAt: new Date().toISOString() });
    // A members-only title's episode.
    await fed.server.app.services.db.insert(podcastTitles).values({ id: 'members-title', userId: creator.id, name: 'Backstage', membersOnly: true });
    const membersEpisode = await caller.podcasts.createEpisode({ podcastTitleId: 'members-title', name: 'Members mix', mediaUploadId: await upload('members-only-mix.mp3', 'audio/mpeg') });
    // A replay of the premium event, published into a public video title.
    await fed.server.app.services.db.insert(podcastTitles).values({ id: 'replay-title', userId: creator.id, name: 'Replays', isVideo: true });
    const replay = await caller.podcasts.createEpisode({ podcastTitleId: 'replay-title', name: 'Paid night replay', mediaUploadId: await upload('premium-replay-file.mp4', 'video/mp4'), fediverse: false });
    const recordingId = newId();
    await fed.server.app.services.db.insert(liveRecordings).values({ id: recordingId, userId: creator.id, eventId: premium.id, status: 'ready', parts: [], startedAt: new Date().toISOString(), episodeId: replay.id });
    await caller.podcasts.updateEpisode({ id: replay.id, fediverse: true });
    await fed.server.app.services.domainEvents.publish('live:replay-published', { recordingId, episodeId: replay.id, userId: creator.id, eventId: premium.id });
    // A public episode: its file must be there (the search below is not vacuous).
    await fed.server.app.services.db.insert(podcastTitles).values({ id: 'open-title', userId: creator.id, name: 'Open', membersOnly: false });
    await caller.podcasts.createEpisode({ podcastTitleId: 'open-title', name: 'Open mix', mediaUploadId: await upload('open-mix-file.mp3', 'audio/mpeg') });

    const deadline = Date.now() + 10_000;
    while (fed.peer.received.filter((activity) => activity.type === 'Create' && activity.actorId === actorId).length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const delivered = fed.peer.received.filter((activity) => activity.actorId === actorId && activity.type !== 'Accept');
    expect(delivered).toHaveLength(5);

    const documents: string[] = [];
    for (const activity of delivered) documents.push(JSON.stringify(await activity.activity.toJsonLd()));
    documents.push(JSON.stringify(await getJson(actorId)));
    const outbox = await getJson(`${actorId}/outbox`);
    documents.push(JSON.stringify(outbox));
    const page = await getJson(outbox.first as string);
    documents.push(JSON.stringify(page));
    documents.push(JSON.stringify(await getJson(`${actorId}/followers`)));
    for (const item of page.orderedItems as Array<{ object: { id: string; attachment?: Array<{ type: string; id?: string }> } }>) {
      documents.push(JSON.stringify(await getJson(item.object.id)));
      for (const attachment of item.object.attachment ?? []) if (attachment.type === 'Event' && attachment.id) documents.push(JSON.stringify(await getJson(attachment.id)));
    }
    const everything = documents.join('\n');

    for (const forbidden of [streamSecret, '/live/', '.m3u8', 'members-only-mix.mp3', 'premium-replay-file.mp4', '/member-media', '/feeds/', 'token=', 'signature=', 'expires=']) {
      expect(everything, forbidden).not.toContain(forbidden);
    }
    // Not vacuous: the public episode's file and the teasers' links are there.
    expect(everything).toContain(`${fed.server.origin}/uploads/open-mix-file.mp3`);
    expect(everything).toContain(`${fed.server.origin}/events/${tag}/${premium.id}`);
    expect(everything).toContain(`${fed.server.origin}/podcasts/${tag}/members-title`);
    expect(everything).toContain('Paid night is live now');

    // Each teaser links where a guest can get in: the premium replay to its event page (access is sold there), the
    // members-only episode to its podcast page (join there).
    const notes = await Promise.all(
      delivered.filter((activity) => activity.type === 'Create').map(async (activity) => ((await activity.activity.toJsonLd()) as { object: { url: string; content: string } }).object),
    );
    const noteAbout = (name: string) => notes.find((note) => note.content.includes(`${name} (`))!;
    expect(noteAbout('Paid night replay').url).toBe(`${fed.server.origin}/events/${tag}/${premium.id}`);
    expect(noteAbout('Paid night replay').content).toContain('watch the replay on the event page');
    expect(noteAbout('Paid night replay').content).not.toContain('podcast page');
    expect(noteAbout('Members mix').url).toBe(`${fed.server.origin}/podcasts/${tag}/members-title`);
    expect(noteAbout('Members mix').content).toContain('for members: join on the podcast page');

    const { posts } = await caller.federation.posts();
    const teasers = Object.fromEntries(posts.map((post) => [`${post.kind}:${post.subjectId}`, post.teaser]));
    expect(teasers).toEqual({
      [`event:${premium.id}`]: true,
      [`live:${premium.id}`]: true,
      [`episode:${membersEpisode.id}`]: true,
      [`replay:${replay.id}`]: true,
      [`episode:${posts.find((post) => post.title === 'Open mix')!.subjectId}`]: false,
    });
    expect(await fed.server.app.services.db.select({ id: events.id }).from(events)).toHaveLength(1);
  });
});
