import { afterAll, beforeAll } from 'vitest';
import type { Person } from '@fedify/vocab';
import type { FastifyInstance } from 'fastify';
import type { users } from '@db/schema/users';
import type { AppDeps } from '@server/app';
import { callerAs, createUser, type TestUser } from './app';
import { startFederatedApp, startFediversePeer, type FederatedApp, type FediversePeer, type PeerActorName } from './fediverse-peer';

/*
 * The app listening on loopback (PUBLIC_URL at its own address) and the independent test peer, started once for the
 * enclosing describe and closed after it: the setup every federation test repeats.
 */

type Caller = Awaited<ReturnType<typeof callerAs>>;

export interface FollowedCreator {
  creator: TestUser;
  caller: Caller;
  /** The creator's actor as the peer looked it up (to send activities to). */
  actor: Person;
  /** The creator's actor id: `{origin}/c/{tag}`. */
  actorId: string;
}

export interface FederatedPeer {
  readonly server: FederatedApp;
  readonly peer: FediversePeer;
  /**
   * A creator with the creator page `tag` (an admin unless `user.role` says otherwise: events need no plan), followed
   * by the peer's `follower` (alice), once the peer has the Accept.
   */
  followedCreator(tag: string, user?: Partial<typeof users.$inferInsert> & { role?: 'admin' | 'dj' }, follower?: PeerActorName): Promise<FollowedCreator>;
  /** The id of the note `actorId` sent the peer whose activity mentions `text` (an event or episode page), once it came. */
  noteAbout(actorId: string, text: string, timeoutMs?: number): Promise<string>;
}

/** A creator (an admin unless `user.role` says otherwise) on the app at `origin`, followed by the peer's `follower`. */
export async function followCreator(
  app: FastifyInstance,
  origin: string,
  peer: FediversePeer,
  tag: string,
  user: Partial<typeof users.$inferInsert> & { role?: 'admin' | 'dj' } = {},
  follower: PeerActorName = 'alice',
): Promise<FollowedCreator> {
  const creator = await createUser(app, { displayName: `Creator ${tag}`, ...user, role: user.role ?? 'admin', creatorTag: tag });
  const actor = await peer.lookupActor(origin, `acct:${tag}@${new URL(origin).host}`);
  const followId = await peer.follow(follower, actor);
  await peer.waitFor((activity) => activity.type === 'Accept' && activity.objectId === followId.href);
  return { creator, caller: await callerAs(app, creator.token), actor, actorId: `${origin}/c/${tag}` };
}

/** The id of the note `actorId` sent `peer` whose activity mentions `text` (an event or episode page), once it came. */
export async function noteAbout(peer: FediversePeer, actorId: string, text: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const activity of peer.received.filter((entry) => entry.type === 'Create' && entry.actorId === actorId)) {
      if (activity.objectId && JSON.stringify(await activity.activity.toJsonLd()).includes(text)) return activity.objectId;
    }
    if (Date.now() > deadline) throw new Error(`no note about ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Call inside a describe: registers the beforeAll/afterAll that start and close the app and the peer. */
export function useFederatedPeer(env: Record<string, string> = {}, deps: AppDeps = {}): FederatedPeer {
  let server: FederatedApp | undefined;
  let peer: FediversePeer | undefined;
  beforeAll(async () => {
    server = await startFederatedApp(env, deps);
    peer = await startFediversePeer();
  });
  afterAll(async () => {
    await peer?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useFederatedPeer: read server/peer inside a test or hook, after beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get peer() {
      return started(peer);
    },
    followedCreator: (tag, user, follower) => followCreator(started(server).app, started(server).origin, started(peer), tag, user, follower),
    noteAbout: (actorId, text, timeoutMs) => noteAbout(started(peer), actorId, text, timeoutMs),
  };
}
