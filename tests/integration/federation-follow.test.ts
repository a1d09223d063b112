import { describe, expect, it } from 'vitest';
import { Create, Note } from '@fedify/vocab';
import { federationMessages } from '@db/schema/federation';
import { callerAs, createUser } from '../helpers/app';
import { createContext } from '@server/trpc/context';
import { federationRouter } from '@server/domains/federation/federation.router';
import { useFederatedPeer } from '../helpers/federated-peer';
import { addBlock, instanceScope, listFollowers, removeBlock, updateSettings } from '@server/domains/federation/federation.service';

const activityJson = 'application/activity+json';

describe('following a creator from another Fediverse server', () => {
  const fed = useFederatedPeer();

  const followersOf = (userId: string) => listFollowers(fed.server.app.services, userId);
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() - started > timeoutMs) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const note = (actor: URL, text: string) =>
    new Create({
      id: new URL(`${actor.href}#create/${Math.random().toString(36).slice(2)}`),
      actor,
      object: new Note({ id: new URL(`${actor.href}#note/${Math.random().toString(36).slice(2)}`), attribution: actor, content: text }),
    });

  it('looks the creator up by WebFinger, follows, and receives a verified Accept; the follower is stored and counted', async () => {
    const creator = await createUser(fed.server.app, { role: 'dj', creatorTag: 'followed_creator', displayName: 'Followed Creator' });
    const actor = await fed.peer.lookupActor(fed.server.origin, `acct:followed_creator@${fed.server.host}`);
    expect(actor.id?.href).toBe(`${fed.server.origin}/c/followed_creator`);
    expect(actor.preferredUsername?.toString()).toBe('followed_creator');

    const followId = await fed.peer.follow('alice', actor);
    // The peer's inbox verified our draft-cavage signature against the creator's key before recording the Accept.
    const accept = await fed.peer.waitFor((activity) => activity.type === 'Accept' && activity.objectId === followId.href);
    expect(accept.actorId).toBe(`${fed.server.origin}/c/followed_creator`);
    expect(accept.inbox).toBe('/users/alice/inbox');

    const page = await followersOf(creator.id);
    expect(page.followers).toEqual([expect.objectContaining({ actorId: fed.peer.actorUri('alice').href, handle: `@alice@${fed.peer.host}`, status: 'accepted' })]);
    expect(page.count).toBe(1);
    const collection = (await (await fetch(`${fed.server.origin}/c/followed_creator/followers`, { headers: { accept: activityJson } })).json()) as { totalItems: number };
    expect(collection.totalItems).toBe(1);

    // Fedify's messages (the received Follow, the Accept) went through our job queue and were settled without the keys.
    const messages = await fed.server.app.services.db.select().from(federationMessages);
    expect(messages.filter((row) => row.status === 'done').map((row) => (row.message as { type: string }).type)).toEqual(expect.arrayContaining(['inbox', 'outbox']));
    expect(JSON.stringify(messages.filter((row) => row.status === 'done').map((row) => row.message))).not.toContain('privateKey');

    // Undo(Follow) removes the follower.
    await fed.peer.undoFollow('alice', actor, followId);
    const after = await until(() => followersOf(creator.id), (value) => value.count === 0);
    expect(after.followers).toEqual([]);
  });

  it('keeps a Follow pending while the creator approves followers, and sends Accept or Reject on their decision', async () => {
    const creator = await createUser(fed.server.app, { role: 'dj', creatorTag: 'approving_creator' });
    await updateSettings(fed.server.app.services, creator.id, { approveFollowers: true });
    const actor = await fed.peer.lookupActor(fed.server.origin, `acct:approving_creator@${fed.server.host}`);
    expect((await (await fetch(actor.id!, { headers: { accept: activityJson } })).json()) as object).toMatchObject({ manuallyApprovesFollowers: true });

    const aliceFollow = await fed.peer.follow('alice', actor);
    const bobFollow = await fed.peer.follow('bob', actor);
    const pending = await until(() => followersOf(creator.id), (value) => value.pending === 2);
    expect(pending.pending).toBe(2);
    expect(pending.count).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fed.peer.received.filter((activity) => activity.objectId === aliceFollow.href || activity.objectId === bobFollow.href)).toEqual([]);

    const alice = pending.followers.find((row) => row.actorId === fed.peer.actorUri('alice').href)!;
    const bob = pending.followers.find((row) => row.actorId === fed.peer.actorUri('bob').href)!;
    await fed.server.app.services.federation.approve(creator.id, 'approving_creator', alice.id);
    await fed.server.app.services.federation.reject(creator.id, 'approving_creator', bob.id);
    await fed.peer.waitFor((activity) => activity.type === 'Accept' && activity.objectId === aliceFollow.href);
    await fed.peer.waitFor((activity) => activity.type === 'Reject' && activity.objectId === bobFollow.href);
    const decided = await followersOf(creator.id);
    expect(decided.followers.map((row) => [row.handle, row.status])).toEqual([[`@alice@${fed.peer.host}`, 'accepted']]);
  });

  it('refuses a blocked actor (403) and delivers nothing to it; unblocked, it gets deliveries again', async () => {
    const creator = await createUser(fed.server.app, { role: 'dj', creatorTag: 'blocking_creator' });
    const actor = await fed.peer.lookupActor(fed.server.origin, `acct:blocking_creator@${fed.server.host}`);
    const followId = await fed.peer.follow('alice', actor);
    await fed.peer.waitFor((activity) => activity.type === 'Accept' && activity.objectId === followId.href);

    const block = await addBlock(fed.server.app.services.db, creator.id, { kind: 'actor', value: fed.peer.actorUri('alice').href });
    const refused = await fed.peer.signedPost(`${fed.server.origin}/c/blocking_creator/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${fed.peer.actorUri('alice').href}#follow-again`,
      type: 'Follow',
      actor: fed.peer.actorUri('alice').href,
      object: actor.id!.href,
    });
    expect(refused.status).toBe(403);

    const creatorActor = fed.server.app.services.federation.actorUri('blocking_creator');
    expect(await fed.server.app.services.federation.sendToFollowers(creator.id, 'blocking_creator', note(creatorActor, 'while blocked'))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fed.peer.received.filter((activity) => activity.type === 'Create' && activity.actorId === creatorActor.href)).toEqual([]);

    await removeBlock(fed.server.app.services.db, creator.id, block.id);
    expect(await fed.server.app.services.federation.sendToFollowers(creator.id, 'blocking_creator', note(creatorActor, 'after unblocking'))).toBe(1);
    await fed.peer.waitFor((activity) => activity.type === 'Create' && activity.actorId === creatorActor.href);
  });

  it('refuses a blocked domain (403), the creator’s own or the instance’s', async () => {
    const creator = await createUser(fed.server.app, { role: 'dj', creatorTag: 'domain_blocker' });
    const other = await createUser(fed.server.app, { role: 'dj', creatorTag: 'other_creator' });
    const follow = (target: string) =>
      fed.peer.signedPost(`${fed.server.origin}/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${fed.peer.actorUri('bob').href}#follow-${target}-${Date.now()}`,
        type: 'Follow',
        actor: fed.peer.actorUri('bob').href,
        object: `${fed.server.origin}/c/${target}`,
      });
    await addBlock(fed.server.app.services.db, creator.id, { kind: 'domain', value: fed.peer.host });
    expect((await follow('domain_blocker')).status).toBe(403);
    // Another creator's followers are not affected by this creator's block.
    expect((await follow('other_creator')).status).toBe(202);
    await until(() => followersOf(other.id), (value) => value.count === 1);

    const instanceBlock = await addBlock(fed.server.app.services.db, instanceScope, { kind: 'domain', value: fed.peer.host });
    expect((await follow('other_creator')).status).toBe(403);
    const otherActor = fed.server.app.services.federation.actorUri('other_creator');
    expect(await fed.server.app.services.federation.sendToFollowers(other.id, 'other_creator', note(otherActor, 'instance block'))).toBe(0);
    await removeBlock(fed.server.app.services.db, instanceScope, instanceBlock.id);
  });

  it('sends Delete(Person) to the followers of a deactivated creator, once, and the actor answers 410', async () => {
    const creator = await createUser(fed.server.app, { role: 'dj', creatorTag: 'leaving_creator' });
    const actor = await fed.peer.lookupActor(fed.server.origin, `acct:leaving_creator@${fed.server.host}`);
    const followId = await fed.peer.follow('bob', actor);
    await fed.peer.waitFor((activity) => activity.type === 'Accept' && activity.objectId === followId.href);

    // An admin deactivates the account: the users domain announces it, the federation sends Delete(Person) once.
    const admin = await createUser(fed.server.app, { role: 'admin' });
    await (await callerAs(fed.server.app, admin.token)).adminUsers.update({ id: creator.id, isActive: false });
    expect(await fed.server.app.services.federation.announceDeleted(creator.id, 'leaving_creator')).toBe(0);
    const deleted = await fed.peer.waitFor((activity) => activity.type === 'Delete' && activity.actorId === actor.id!.href);
    expect(deleted.objectId).toBe(actor.id!.href);
    expect((await fetch(actor.id!, { headers: { accept: activityJson } })).status).toBe(410);
  });

  it('gives the creator their Fediverse settings, followers and blocks through tRPC, and instance blocks to admins only', async () => {
    const creator = await createUser(fed.server.app, { role: 'dj', creatorTag: 'trpc_creator' });
    const viewer = await createUser(fed.server.app, { role: 'viewer' });
    const admin = await createUser(fed.server.app, { role: 'admin', creatorTag: 'trpc_admin' });
    const as = async (token: string) => federationRouter.createCaller(await createContext(fed.server.app.services, { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' }));
    const creatorCaller = await as(creator.token);

    expect(await creatorCaller.settings()).toEqual({ handle: `@trpc_creator@${fed.server.host}`, approveFollowers: false, publish: true, hashtags: [] });
    expect(await creatorCaller.updateSettings({ approveFollowers: true, hashtags: ['#LiveMusic', 'dj_sets'] })).toMatchObject({ approveFollowers: true, hashtags: ['LiveMusic', 'dj_sets'] });

    const actor = await fed.peer.lookupActor(fed.server.origin, `acct:trpc_creator@${fed.server.host}`);
    const followId = await fed.peer.follow('alice', actor);
    const pending = await until(() => creatorCaller.followers(), (value) => value.pending === 1);
    await creatorCaller.approve({ followerId: pending.followers[0]!.id });
    await fed.peer.waitFor((activity) => activity.type === 'Accept' && activity.objectId === followId.href);
    expect((await creatorCaller.followers()).count).toBe(1);

    const block = await creatorCaller.block({ kind: 'domain', value: 'Spam.Example' });
    expect(block).toMatchObject({ kind: 'domain', value: 'spam.example' });
    expect((await creatorCaller.followers()).blocks).toEqual([block]);
    await creatorCaller.unblock({ blockId: block.id });
    await creatorCaller.removeFollower({ followerId: pending.followers[0]!.id });
    await fed.peer.waitFor((activity) => activity.type === 'Reject' && activity.objectId === followId.href);
    expect((await creatorCaller.followers()).count).toBe(0);

    await expect((await as(viewer.token)).followers()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(creatorCaller.blockForInstance({ kind: 'domain', value: 'spam.example' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const adminCaller = await as(admin.token);
    const instanceBlock = await adminCaller.blockForInstance({ kind: 'domain', value: 'spam.example' });
    expect(await adminCaller.instanceBlocks()).toEqual([instanceBlock]);
    await adminCaller.unblockForInstance({ blockId: instanceBlock.id });
  });
});
