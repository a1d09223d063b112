import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@server/domains/chat/chat.schemas';
import { callerAs, createUser } from '../helpers/app';
import { useFederatedPeer } from '../helpers/federated-peer';
import { socketClient, watchRoom, type Received } from './chat/chat-helpers';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const messagesIn = (entries: Received[]): ChatMessage[] => entries.flatMap((entry) => (entry.item.type === 'message' ? [entry.item.message] : []));

describe('banned Fediverse actors in the chat: listed and lifted', { timeout: 40_000 }, () => {
  const fed = useFederatedPeer();
  const liveNow = () => ({ startDateTime: new Date(Date.now() - 3_600_000).toISOString(), endDateTime: new Date(Date.now() + 3_600_000).toISOString() });

  /** A creator followed by alice, an event on now, its note's id, and the creator's view of the room. */
  async function roomWithNote(tag: string) {
    const followed = await fed.followedCreator(tag);
    const event = await followed.caller.events.create({ name: `Night of ${tag}`, ...liveNow() });
    const noteId = await fed.noteAbout(followed.actorId, `/events/${tag}/${event.id}`);
    const socket = socketClient(fed.server.app, followed.creator.token);
    const room = watchRoom(socket, event.id);
    return { ...followed, event, noteId, socket, room };
  }

  it('lists a banned remote actor with its handle, marked as from the Fediverse, next to local bans; unbanning lets its replies in again', async () => {
    const { creator, caller, actor, event, noteId, socket, room } = await roomWithNote('remote_bans');
    const alice = fed.peer.actorUri('alice').href;
    await fed.peer.reply('alice', actor, noteId, '<p>first</p>');
    await room.until((entries) => messagesIn(entries).some((message) => message.text === 'first'));

    const viewer = await createUser(fed.server.app, { role: 'viewer', displayName: 'Local Viewer' });
    await caller.chat.ban({ eventId: event.id, userId: viewer.id });
    await caller.chat.banRemote({ eventId: event.id, actorId: alice });
    await room.until((entries) => entries.some((entry) => entry.item.type === 'banned' && entry.item.userId === alice));

    const listed = await caller.chat.bannedUsers({ eventId: event.id });
    expect(listed).toHaveLength(2);
    expect(listed).toContainEqual({
      userId: alice,
      displayName: 'Peer alice',
      chatName: 'Peer alice',
      bannedAt: expect.any(String),
      bannedBy: { userId: creator.id, displayName: 'Creator remote_bans' },
      origin: { kind: 'fediverse', handle: `@alice@${fed.peer.host}`, url: alice },
    });
    expect(listed).toContainEqual(expect.objectContaining({ userId: viewer.id, displayName: 'Local Viewer', origin: null }));

    // While banned, alice's replies are dropped (bob's, sent after hers, arrives).
    await fed.peer.reply('alice', actor, noteId, '<p>dropped</p>');
    await fed.peer.reply('bob', actor, noteId, '<p>from bob</p>');
    await room.until((entries) => messagesIn(entries).some((message) => message.text === 'from bob'));
    await settle();
    expect(room.texts()).not.toContain('dropped');

    expect(await caller.chat.unban({ eventId: event.id, userId: alice })).toEqual({ userId: alice, unbanned: true });
    await room.until((entries) => entries.some((entry) => entry.item.type === 'unbanned' && entry.item.userId === alice));
    expect((await caller.chat.bannedUsers({ eventId: event.id })).map((banned) => banned.userId)).toEqual([viewer.id]);
    expect(await caller.chat.unban({ eventId: event.id, userId: alice })).toEqual({ userId: alice, unbanned: false });

    await fed.peer.reply('alice', actor, noteId, '<p>back again</p>');
    await room.until((entries) => messagesIn(entries).some((message) => message.text === 'back again'), 5_000);
    expect(messagesIn(room.received).find((message) => message.text === 'back again')).toMatchObject({ userId: alice, origin: { kind: 'fediverse' } });
    room.stop();
    await socket.close();
  });

  it('names an actor banned before it wrote in the room by its actor id', async () => {
    const { caller, event, socket, room } = await roomWithNote('banned_unseen');
    const bob = fed.peer.actorUri('bob').href;
    await caller.chat.banRemote({ eventId: event.id, actorId: bob });
    expect(await caller.chat.bannedUsers({ eventId: event.id })).toEqual([
      expect.objectContaining({ userId: bob, displayName: bob, chatName: null, origin: { kind: 'fediverse', handle: null, url: bob } }),
    ]);
    room.stop();
    await socket.close();
  });

  it("lets only the event's creator or an admin see and lift a remote ban", async () => {
    const { caller, actor, event, noteId, socket, room } = await roomWithNote('remote_ban_rights');
    const alice = fed.peer.actorUri('alice').href;
    await caller.chat.banRemote({ eventId: event.id, actorId: alice });

    const viewer = await callerAs(fed.server.app, (await createUser(fed.server.app, { role: 'viewer' })).token);
    const otherCreator = await callerAs(fed.server.app, (await createUser(fed.server.app, { role: 'dj' })).token);
    for (const outsider of [viewer, otherCreator]) {
      await expect(outsider.chat.unban({ eventId: event.id, userId: alice })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(outsider.chat.bannedUsers({ eventId: event.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await caller.chat.bannedUsers({ eventId: event.id })).map((banned) => banned.userId)).toEqual([alice]);
    await fed.peer.reply('alice', actor, noteId, '<p>still banned</p>');
    await fed.peer.reply('bob', actor, noteId, '<p>bob meanwhile</p>');
    await room.until((entries) => messagesIn(entries).some((message) => message.text === 'bob meanwhile'));
    await settle();
    expect(room.texts()).not.toContain('still banned');

    const admin = await callerAs(fed.server.app, (await createUser(fed.server.app, { role: 'admin' })).token);
    expect(await admin.chat.unban({ eventId: event.id, userId: alice })).toEqual({ userId: alice, unbanned: true });
    expect(await caller.chat.bannedUsers({ eventId: event.id })).toEqual([]);
    room.stop();
    await socket.close();
  });
});
