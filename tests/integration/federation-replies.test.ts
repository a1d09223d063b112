import { describe, expect, it } from 'vitest';
import { podcastTitles, podcastUploads } from '@db/schema/podcasts';
import { newId } from '@server/lib/ids';
import type { ChatMessage, ChatStreamItem } from '@server/domains/chat/chat.schemas';
import { appRouter } from '@server/trpc/root';
import { createContext } from '@server/trpc/context';
import { bearer, callerAs, createUser, type TestUser } from '../helpers/app';
import { useFederatedPeer } from '../helpers/federated-peer';
import { socketClient, waitFor, watchRoom } from './chat/chat-helpers';

describe('replies, likes and boosts from the Fediverse', { timeout: 40_000 }, () => {
  const fed = useFederatedPeer();

  const followedCreator = (tag: string) => fed.followedCreator(tag);
  const noteOf = (actorId: string, url: string) => fed.noteAbout(actorId, url);

  /** Polls `read` until `done` holds (at most 5 seconds); answers the last value read. */
  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 5_000;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      value = await read();
    }
    return value;
  }

  const eventPage = (tag: string, eventId: string) => `${fed.server.origin}/events/${tag}/${eventId}`;
  const liveNow = () => ({ startDateTime: new Date(Date.now() - 3_600_000).toISOString(), endDateTime: new Date(Date.now() + 3_600_000).toISOString() });

  /** The room's messages as a tRPC subscription read from the server caller (the generator SSE serves), history only. */
  async function historyAs(token: string | undefined, eventId: string): Promise<ChatMessage[]> {
    const stop = new AbortController();
    const caller = appRouter.createCaller(await createContext(fed.server.app.services, { headers: token ? bearer(token) : {}, ip: '127.0.0.1' }), { signal: stop.signal });
    // Each event is tracked(id, item): an [id, item] envelope.
    const iterable = (await caller.chat.messages({ eventId })) as unknown as AsyncIterable<[string, ChatStreamItem]>;
    const iterator = iterable[Symbol.asyncIterator]();
    const messages: ChatMessage[] = [];
    // The history arrives at once; the stream then waits for new events (a short wait ends the read).
    for (;;) {
      const next = await Promise.race([iterator.next(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 300))]);
      if (!next || next.done) break;
      const item = next.value[1];
      if (item.type === 'message') messages.push(item.message);
      else if (item.type === 'deleted') {
        const removed = item.messageId;
        messages.splice(0, messages.length, ...messages.filter((message) => message.id !== removed));
      }
    }
    stop.abort();
    return messages;
  }

  async function postCounts(caller: Awaited<ReturnType<typeof callerAs>>, subjectId: string) {
    const { posts } = await caller.federation.posts();
    const post = posts.find((row) => row.subjectId === subjectId)!;
    return { likes: post.likes, boosts: post.boosts, replies: post.replies };
  }

  it("shows a reply to an event's note in its chat within 5 seconds, on the websocket and the subscription read, as plain text with its origin", async () => {
    const tag = 'replied_event';
    const { caller, actor, actorId } = await followedCreator(tag);
    const event = await caller.events.create({ name: 'Open night', ...liveNow() });
    const noteId = await noteOf(actorId, eventPage(tag, event.id));
    const viewer = await createUser(fed.server.app, { role: 'viewer' });
    const socket = socketClient(fed.server.app, viewer.token);
    const room = watchRoom(socket, event.id);

    const started = Date.now();
    const replyId = await fed.peer.reply('alice', actor, noteId, '<p>Great <b>set</b> &amp; sound!</p><script>alert(1)</script><p>See you <a href="https://x.example">there</a></p>');
    await room.until((entries) => entries.some((entry) => entry.item.type === 'message'), 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    const message = room.received.flatMap((entry) => (entry.item.type === 'message' ? [entry.item.message] : []))[0]!;
    expect(message).toMatchObject({
      text: 'Great set & sound!\nSee you there',
      displayName: 'Peer alice',
      photoURL: `${fed.peer.origin}/avatars/alice.png`,
      userId: fed.peer.actorUri('alice').href,
      badge: null,
      origin: { kind: 'fediverse', handle: `@alice@${fed.peer.host}`, url: replyId.href },
    });
    expect(await historyAs(viewer.token, event.id)).toEqual([message]);
    expect((await postCounts(caller, event.id)).replies).toBe(1);

    // A long reply is capped to the chat's length limit.
    await fed.peer.reply('alice', actor, noteId, `<p>${'a'.repeat(800)}</p>`);
    await room.until((entries) => entries.filter((entry) => entry.item.type === 'message').length === 2, 5_000);
    expect(room.texts()[1]).toBe('a'.repeat(500));
    room.stop();
    await socket.close();
  });

  it("keeps replies to a premium event's note to those who may read its chat", async () => {
    const tag = 'replied_premium';
    const { creator, caller, actor, actorId } = await followedCreator(tag);
    const event = await caller.events.create({ name: 'Paid night', ...liveNow(), isPremium: true, premiumPrice: 9 });
    const noteId = await noteOf(actorId, `/events/${tag}/${event.id}`);
    await fed.peer.reply('alice', actor, noteId, '<p>Worth every cent</p>');
    const creatorView = await eventually(() => historyAs(creator.token, event.id), (messages) => messages.length > 0);
    expect(creatorView.map((message) => message.text)).toEqual(['Worth every cent']);

    const viewer = await createUser(fed.server.app, { role: 'viewer' });
    for (const token of [undefined, viewer.token]) {
      await expect(historyAs(token, event.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      const socket = socketClient(fed.server.app, token);
      const room = watchRoom(socket, event.id);
      await waitFor(() => room.errors.length > 0, 5_000);
      expect(room.texts()).toEqual([]);
      room.stop();
      await socket.close();
    }
  });

  it("lets the creator delete a reply, and ban its author by actor id so that the author's later replies are dropped", async () => {
    const tag = 'moderated_event';
    const { creator, caller, actor, actorId } = await followedCreator(tag);
    const event = await caller.events.create({ name: 'Moderated night', ...liveNow() });
    const noteId = await noteOf(actorId, eventPage(tag, event.id));
    const socket = socketClient(fed.server.app, creator.token);
    const room = watchRoom(socket, event.id);
    await fed.peer.reply('alice', actor, noteId, '<p>spam spam</p>');
    await room.until((entries) => entries.some((entry) => entry.item.type === 'message'), 5_000);
    const message = room.received.flatMap((entry) => (entry.item.type === 'message' ? [entry.item.message] : []))[0]!;

    await caller.chat.deleteMessage({ eventId: event.id, messageId: message.id });
    await room.until((entries) => entries.some((entry) => entry.item.type === 'deleted' && entry.item.messageId === message.id));
    expect(await historyAs(creator.token, event.id)).toEqual([]);

    // Someone else may not ban; the creator bans by the message's userId (the actor id).
    const viewer = await createUser(fed.server.app, { role: 'viewer' });
    await expect((await callerAs(fed.server.app, viewer.token)).chat.banRemote({ eventId: event.id, actorId: message.userId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await caller.chat.banRemote({ eventId: event.id, actorId: message.userId });
    await room.until((entries) => entries.some((entry) => entry.item.type === 'banned' && entry.item.userId === fed.peer.actorUri('alice').href));

    await fed.peer.reply('alice', actor, noteId, '<p>spam again</p>');
    await fed.peer.reply('bob', actor, noteId, '<p>bob is welcome</p>');
    await room.until((entries) => entries.some((entry) => entry.item.type === 'message' && entry.item.message.text === 'bob is welcome'), 5_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await historyAs(creator.token, event.id)).map((row) => row.text)).toEqual(['bob is welcome']);
    room.stop();
    await socket.close();
  });

  it('counts likes and boosts once per remote actor, takes them back on Undo, and says so in the chat while the event is live', async () => {
    const tag = 'liked_event';
    const { creator, caller, actor, actorId } = await followedCreator(tag);
    const event = await caller.events.create({ name: 'Liked night', ...liveNow() });
    const noteId = await noteOf(actorId, eventPage(tag, event.id));

    const like = await fed.peer.react('alice', actor, 'like', noteId);
    await fed.peer.react('alice', actor, 'like', noteId);
    await fed.peer.react('bob', actor, 'like', noteId);
    const boost = await fed.peer.react('alice', actor, 'announce', noteId);
    const until = (expected: { likes: number; boosts: number }) =>
      eventually(() => postCounts(caller, event.id), (counts) => counts.likes === expected.likes && counts.boosts === expected.boosts);
    expect(await until({ likes: 2, boosts: 1 })).toMatchObject({ likes: 2, boosts: 1 });
    // A duplicate (the second like of alice) arrives after the first; it must not count once settled.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await postCounts(caller, event.id)).toMatchObject({ likes: 2, boosts: 1 });

    const lines = (await historyAs(creator.token, event.id)).map((message) => [message.text, message.origin?.handle]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [`@alice@${fed.peer.host} liked this event`, `@alice@${fed.peer.host}`],
        [`@bob@${fed.peer.host} liked this event`, `@bob@${fed.peer.host}`],
        [`@alice@${fed.peer.host} boosted this event`, `@alice@${fed.peer.host}`],
      ]),
    );
    expect(lines).toHaveLength(3);

    await fed.peer.undo('alice', actor, like);
    await fed.peer.undo('alice', actor, boost);
    expect(await until({ likes: 1, boosts: 0 })).toMatchObject({ likes: 1, boosts: 0 });
  });

  it('keeps no chat line for a like of an event that is not live (the count still goes up)', async () => {
    const tag = 'liked_later';
    const { creator, caller, actor, actorId } = await followedCreator(tag);
    const event = await caller.events.create({ name: 'Later night', startDateTime: '2027-03-01T21:00:00.000Z', endDateTime: '2027-03-01T23:00:00.000Z' });
    const noteId = await noteOf(actorId, eventPage(tag, event.id));
    await fed.peer.react('bob', actor, 'like', noteId);
    expect((await eventually(() => postCounts(caller, event.id), (counts) => counts.likes === 1)).likes).toBe(1);
    expect(await historyAs(creator.token, event.id)).toEqual([]);
  });

  async function episodeOf(creator: TestUser, caller: Awaited<ReturnType<typeof callerAs>>, titleId: string, membersOnly = false) {
    await fed.server.app.services.db.insert(podcastTitles).values({ id: titleId, userId: creator.id, name: `Title ${titleId}`, isVideo: false, membersOnly });
    const uploadId = newId();
    await fed.server.app.services.db.insert(podcastUploads).values({ id: uploadId, ownerId: creator.id, kind: 'media', url: `/uploads/${titleId}.mp3`, mimeType: 'audio/mpeg', sizeBytes: 1000, durationSeconds: 600 });
    return caller.podcasts.createEpisode({ podcastTitleId: titleId, name: `Episode of ${titleId}`, mediaUploadId: uploadId });
  }

  it("keeps replies to an episode's note pending until the creator approves them, then anyone reads them", async () => {
    const tag = 'commented';
    const { creator, caller, actor, actorId } = await followedCreator(tag);
    const episode = await episodeOf(creator, caller, 'commented-title');
    const noteId = await noteOf(actorId, `/video/${episode.id}`);
    const guest = await callerAs(fed.server.app);

    const firstId = await fed.peer.reply('alice', actor, noteId, '<p>Lovely <i>mix</i></p>');
    await fed.peer.reply('bob', actor, noteId, '<p>Buy my pills</p>');
    const pending = await eventually(() => caller.federation.comments(), (rows) => rows.length === 2);
    expect(pending.map((comment) => [comment.content, comment.status, comment.author.handle]).sort()).toEqual([
      ['Buy my pills', 'pending', `@bob@${fed.peer.host}`],
      ['Lovely mix', 'pending', `@alice@${fed.peer.host}`],
    ]);
    // The creator's queue names the episode answered and where the author's profile is.
    expect(pending.find((comment) => comment.content === 'Lovely mix')).toMatchObject({
      episodeId: episode.id,
      episodeName: 'Episode of commented-title',
      author: { name: 'Peer alice', url: fed.peer.actorUri('alice').href },
    });
    expect(await guest.federation.episodeComments({ episodeId: episode.id })).toEqual([]);
    expect((await postCounts(caller, episode.id)).replies).toBe(2);

    // Another creator cannot decide on them.
    const other = await createUser(fed.server.app, { role: 'admin', creatorTag: 'other_commented' });
    const lovely = pending.find((comment) => comment.content === 'Lovely mix')!;
    const pills = pending.find((comment) => comment.content === 'Buy my pills')!;
    await expect((await callerAs(fed.server.app, other.token)).federation.approveComment({ commentId: lovely.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await caller.federation.approveComment({ commentId: lovely.id });
    await caller.federation.rejectComment({ commentId: pills.id });
    const visible = await guest.federation.episodeComments({ episodeId: episode.id });
    expect(visible).toEqual([
      expect.objectContaining({ content: 'Lovely mix', url: firstId.href, author: expect.objectContaining({ handle: `@alice@${fed.peer.host}`, name: 'Peer alice' }) }),
    ]);
    expect((await caller.federation.comments()).map((comment) => comment.content)).toEqual(['Lovely mix']);
  });

  it("does not show an episode's comments publicly when the episode is members-only", async () => {
    const tag = 'commented_members';
    const { creator, caller, actor, actorId } = await followedCreator(tag);
    const episode = await episodeOf(creator, caller, 'commented-members', true);
    // Even an approved comment stays off a members-only episode's public read.
    await fed.peer.reply('alice', actor, await noteOf(actorId, `/podcasts/${tag}/commented-members`), '<p>members only chat</p>');
    const [comment] = await eventually(() => caller.federation.comments(), (rows) => rows.length === 1);
    await caller.federation.approveComment({ commentId: comment!.id });
    await expect((await callerAs(fed.server.app)).federation.episodeComments({ episodeId: episode.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('removes the chat message and the comment of a deleted note, and everything of a deleted actor', async () => {
    const tag = 'deleted_notes';
    const { creator, caller, actor, actorId } = await followedCreator(tag);
    const event = await caller.events.create({ name: 'Deleting night', ...liveNow() });
    const eventNote = await noteOf(actorId, eventPage(tag, event.id));
    const episode = await episodeOf(creator, caller, 'deleted-title');
    const episodeNote = await noteOf(actorId, `/video/${episode.id}`);
    const socket = socketClient(fed.server.app, creator.token);
    const room = watchRoom(socket, event.id);

    const gone = await fed.peer.reply('alice', actor, eventNote, '<p>I will take this back</p>');
    await fed.peer.reply('alice', actor, eventNote, '<p>alice stays a while</p>');
    await fed.peer.reply('bob', actor, eventNote, '<p>bob stays</p>');
    const goneComment = await fed.peer.reply('bob', actor, episodeNote, '<p>bob comments</p>');
    await fed.peer.reply('alice', actor, episodeNote, '<p>alice comments</p>');
    await room.until((entries) => entries.filter((entry) => entry.item.type === 'message').length === 3, 5_000);
    const comments = await eventually(() => caller.federation.comments(), (rows) => rows.length === 2);
    for (const comment of comments) await caller.federation.approveComment({ commentId: comment.id });
    expect((await postCounts(caller, event.id)).replies).toBe(3);

    await fed.peer.deleteNote('alice', actor, gone);
    await fed.peer.deleteNote('bob', actor, goneComment);
    await room.until((entries) => entries.some((entry) => entry.item.type === 'deleted'), 5_000);
    const waitForCount = async (subjectId: string, replies: number) => (await eventually(() => postCounts(caller, subjectId), (counts) => counts.replies === replies)).replies;
    expect(await waitForCount(episode.id, 1)).toBe(1);
    expect((await historyAs(creator.token, event.id)).map((message) => message.text)).toEqual(['alice stays a while', 'bob stays']);
    expect((await caller.federation.episodeComments({ episodeId: episode.id })).map((comment) => comment.content)).toEqual(['alice comments']);
    expect(await waitForCount(event.id, 2)).toBe(2);

    // alice's whole account goes: her chat message and her comment with it.
    await fed.peer.deleteActor('alice', actor);
    expect(await waitForCount(event.id, 1)).toBe(1);
    expect((await historyAs(creator.token, event.id)).map((message) => message.text)).toEqual(['bob stays']);
    expect(await caller.federation.episodeComments({ episodeId: episode.id })).toEqual([]);
    expect(await waitForCount(episode.id, 0)).toBe(0);
    room.stop();
    await socket.close();
  });
});
